/** AMP example /raw-output-example.xml (§2): raw output with the empty layout, served as XML. */
import type { APIRoute } from 'astro';
import { rawOutputExampleXml } from '../lib/routing/content-routes';

export const GET: APIRoute = () => new Response(rawOutputExampleXml(), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
