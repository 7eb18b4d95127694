import { Hono } from 'hono';
export const publishRoutes = (..._a: unknown[]) => new Hono();
