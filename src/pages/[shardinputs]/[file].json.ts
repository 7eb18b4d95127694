/**
 * dist/_shard-inputs/{shared,1..N}.json: what the site part of a prepared sharded build
 * (`--shard 0/N`) hands its page shards (`--shard K/N --inputs DIR`): src/lib/build/shard-inputs.ts.
 * Written by the site part only; `npm run build:merge` leaves the folder out of the site.
 * (A folder name starting with '_' is private in Astro, hence the parameter.)
 */
import type { APIRoute } from 'astro';
import { shardInputFiles, shardInputText } from '../../lib/build/shard-inputs-write';
import { SHARD_INPUTS_FOLDER } from '../../lib/build/shard';

export function getStaticPaths() {
  return shardInputFiles().map((file) => ({ params: { shardinputs: SHARD_INPUTS_FOLDER, file } }));
}

export const GET: APIRoute = ({ params }) =>
  new Response(shardInputText(String(params.file)), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
