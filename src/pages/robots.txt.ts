/** robots.txt: everything crawlable except the account, checkout and order pages; points at the sitemap. */
import type { APIRoute } from 'astro';
import { robotsTxt } from '../lib/build/sitemap';

export const GET: APIRoute = () => new Response(robotsTxt(), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
