/**
 * The CDN step's per-file work beside the rendering: each page Astro writes (told by ../link-restore.ts
 * as its incremental cache records the page) is scanned on a worker thread (./scan-worker.mjs), on
 * the second core, while the next pages render; when the pages are done, the scans are handed to the
 * step (./integration.ts), which then reads only the files nobody told it of (pages without a cache
 * key, assets, the files written after the pages). The scans are those the step would make itself
 * (./page-scan.ts), by the file's identity, so its output is the same. Build time only.
 */
import { Worker } from 'node:worker_threads';
import type { StoredScans } from './file-scans';

export interface StreamedScans extends StoredScans {
  /** Files the worker could not read (the step reads them itself). */
  failed: number;
  /** Files it was given. */
  given: number;
}

export class ScanStream {
  private readonly worker: Worker;
  private given = 0;
  private error: Error | null = null;

  constructor() {
    this.worker = new Worker(new URL('./scan-worker.mjs', import.meta.url));
    this.worker.on('error', (e) => {
      this.error = e;
    });
    // A build that fails before its pages are done does not wait for the worker to exit.
    this.worker.unref();
  }

  /** A file of the site folder as written (its absolute path): scanned in turn. */
  add(path: string): void {
    if (this.error) return;
    this.given++;
    this.worker.postMessage({ path });
  }

  /** Every scan made (after the files given so far), and the worker ended; rejects when the worker failed. */
  async finish(): Promise<StreamedScans> {
    if (this.error) throw this.error;
    const given = this.given;
    const result = new Promise<StreamedScans>((resolve, reject) => {
      this.worker.once('message', (m: Omit<StreamedScans, 'given'>) => resolve({ ...m, given }));
      this.worker.once('error', reject);
      this.worker.once('exit', (code) => reject(new Error(`the CDN scan worker exited (${code}) before answering`)));
    });
    this.worker.ref();
    this.worker.postMessage({ end: true });
    try {
      return await result;
    } finally {
      await this.worker.terminate();
    }
  }
}
