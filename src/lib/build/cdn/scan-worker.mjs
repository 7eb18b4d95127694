// @ts-check
/**
 * The CDN step's file scans, made on a thread of their own while the pages are rendered
 * (./scan-stream.ts feeds it each page as Astro writes it): the digest, links and inline script
 * hashes of ./page-scan.ts, kept by file identity as the step's store keeps them (./file-scans.ts),
 * and written into a file when the pages are done, for the step to read at the end of the build. A file that cannot be read here (gone,
 * renamed) is left out: the step reads it itself. Build time only.
 */
import { writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { fileIdentity, scanFile } from './page-scan.ts';

// This thread only (Linux gives each thread its own priority): the rendering thread and the garbage
// collector's helper threads go first; the scans take the time they leave, and what is left when
// the pages are done is scanned then, no later than the step used to.
try {
  setPriority(19);
} catch {
  // Not allowed here: the scans run at the build's priority.
}

/** @type {string[]} */
const names = [];
/** @type {Map<string, number>} */
const index = new Map();
/** @type {Record<string, { digest: string; assets?: number[]; hashes?: number[]; amp?: boolean }>} */
const files = {};
let failed = 0;

/** Lists of indices met so far: pages of one kind link the same assets, and share one list (also in the message). */
/** @type {Map<string, number[]>} */
const lists = new Map();

/** @param {string[] | undefined} list */
const indices = (list) => {
  if (!list) return undefined;
  const found = list.map((n) => {
    let i = index.get(n);
    if (i === undefined) index.set(n, (i = names.push(n) - 1));
    return i;
  });
  const key = found.join(',');
  const same = lists.get(key);
  if (same) return same;
  lists.set(key, found);
  return found;
};

parentPort?.on('message', (/** @type {{ path?: string; drain?: true; end?: true; file?: string; given?: number }} */ msg) => {
  // Messages are handled in order: every path sent before this one is scanned.
  if (msg.drain) {
    parentPort?.postMessage({ drained: true });
    return;
  }
  if (msg.end) {
    // Into a file, so that nothing of it is held in memory until the step reads it.
    if (msg.file) writeFileSync(msg.file, JSON.stringify({ names, files, failed, given: msg.given ?? 0 }));
    parentPort?.postMessage({ file: msg.file, failed });
    return;
  }
  if (!msg.path) return;
  try {
    const identity = fileIdentity(msg.path);
    const scan = scanFile(msg.path);
    files[identity] = {
      digest: scan.digest,
      ...(scan.assets && { assets: indices(scan.assets) }),
      ...(scan.hashes && { hashes: indices(scan.hashes) }),
      ...(scan.amp !== undefined && { amp: scan.amp }),
    };
  } catch {
    failed++;
  }
});
