/**
 * First import of the offline harness (tests/e2e/offline-harness.ts): the pages' CSP forbids eval,
 * so zod must not compile its fast path in the injected bundle. Schemas read this setting when they
 * are defined, so it is set before any other module of the bundle runs.
 */
import { z } from 'zod';

z.config({ jitless: true });
