/**
 * The CDN step's per-file work beside the rendering: each page Astro writes (told by ../link-restore.ts
 * as its incremental cache records the page) is scanned on a worker thread (./scan-worker.mjs), on
 * the second core, while the next pages render; when the pages are done, the worker writes its scans
 * into a file and ends (nothing of them held through the sitemap and the service worker's build), and
 * the step (./integration.ts) adopts them and reads only the files nobody told it of (pages without a
 * cache key, assets, the files written after the pages). The scans are those the step would make itself
 * (./page-scan.ts), by the file's identity, so its output is the same. Build time only.
 */
import { readFileSync, rmSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { StoredScans } from './file-scans';

export interface StreamedScans extends StoredScans {
  /** Files the worker could not read (the step reads them itself). */
  failed: number;
  /** Files it was given. */
  given: number;
}

/** The worker's heap (MB): its scans of 80,000 pages take about 20 MB. */
const WORKER_YOUNG_MB = 8;
const WORKER_OLD_MB = 256;

/** The scans `finishInto` wrote (null when the file is not there or not readable); the file is removed. */
export function readStreamedScans(file: string): StreamedScans | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as StreamedScans;
  } catch {
    return null;
  } finally {
    rmSync(file, { force: true });
  }
}

export class ScanStream {
  private readonly worker: Worker;
  private given = 0;
  private error: Error | null = null;

  constructor() {
    // Not the build's heap flags (a 1.5 GB old space, 32 MB semi-spaces): the worker holds little
    // and turns over one page at a time, so a small heap keeps its resident memory small.
    this.worker = new Worker(new URL('./scan-worker.mjs', import.meta.url), {
      execArgv: [],
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB, maxOldGenerationSizeMb: WORKER_OLD_MB },
    });
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

  /** The worker's answer to `msg`; rejects when the worker failed or ended first. */
  private ask<T>(msg: object): Promise<T> {
    if (this.error) return Promise.reject(this.error);
    return new Promise<T>((resolve, reject) => {
      const done = (f: () => void) => {
        this.worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        this.worker.unref();
        f();
      };
      const onMessage = (m: T) => done(() => resolve(m));
      const onError = (e: Error) => done(() => reject(e));
      const onExit = (code: number) => done(() => reject(new Error(`the CDN scan worker exited (${code}) before answering`)));
      this.worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      this.worker.ref();
      this.worker.postMessage(msg);
    });
  }

  /** Resolves once every file given so far is scanned. */
  async drain(): Promise<void> {
    await this.ask<{ drained: true }>({ drain: true });
  }

  /**
   * Every scan made (of the files given so far) written into `file` (JSON, `StreamedScans`), and the
   * worker ended: the scans are held by no heap until they are read (`readStreamedScans`).
   */
  async finishInto(file: string): Promise<void> {
    try {
      await this.ask<{ file: string }>({ end: true, file, given: this.given });
    } finally {
      await this.worker.terminate();
    }
  }
}
