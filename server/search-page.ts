/**
 * The search results page with a query's first screen of results in its HTML (`/search?q=…`,
 * `/{store}/search?q=…`), for the site folder being served: src/lib/search/page-answer.ts does the
 * search and the writing, over the folder's files read from disk (here: only that I/O). One per
 * SiteFolder (./static.ts), so a switch to another generation answers from its files at once.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { SiteTree } from '../src/lib/build/render/overlay';
import { SearchAnswers } from '../src/lib/search/page-answer';

/** A site file as a fetch answer (what the browser's search client and listing loaders read): 404 when the site has none. */
function diskFetch(tree: SiteTree): typeof fetch {
  return (async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const file = tree.file(decodeURIComponent(new URL(url, 'http://site/').pathname).replace(/^\/+/, ''));
    if (!file) return new Response('Not Found', { status: 404 });
    return new Response(new Uint8Array(await readFile(file)), { headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
}

/** The search pages of one site folder. */
export class SearchPages {
  private readonly answers: SearchAnswers;

  constructor(tree: SiteTree) {
    this.answers = new SearchAnswers(diskFetch(tree));
  }

  /** The page file's HTML with a query's answer; null when there is nothing to write (SearchAnswers.answer). */
  answer(file: string, path: string, search: string): Promise<string | null> {
    return this.answers.answer(file, () => readFileSync(file, 'utf8'), path, search);
  }
}

/** How many answers may be worked out at once, and how many one client address may have in a window. */
export interface AnswerLimits {
  concurrent: number;
  perAddress: number;
  windowMs: number;
  /** Addresses counted at once (memory stays bounded: the oldest window goes first). */
  addresses: number;
}
export const ANSWER_LIMITS: AnswerLimits = { concurrent: 4, perAddress: 120, windowMs: 60_000, addresses: 10_000 };

/**
 * Bounds the CPU the answers take (a search over the catalogue and its compression, 0.1-0.3 s at
 * 100,000 products): past `concurrent` answers in progress, or `perAddress` answers to one client in
 * a window, the page goes as built and its script searches in the shopper's browser. A shopper never
 * gets an error for it, and a flood of distinct queries (which no cache absorbs) cannot take the
 * server's cores from the pages and the API. Per process, in memory: it guards this process's CPU.
 */
export class AnswerGuard {
  private inProgress = 0;
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limits: AnswerLimits = ANSWER_LIMITS,
    private readonly clock: () => number = Date.now,
  ) {}

  /** A place for one answer to `address`, or null (serve the page as built); call the function it answers once the answer is done. */
  enter(address: string): (() => void) | null {
    if (this.inProgress >= this.limits.concurrent) return null;
    const now = this.clock();
    let w = this.windows.get(address);
    if (!w || now - w.start >= this.limits.windowMs) {
      // A new window goes last: the first in the map is the oldest.
      this.windows.delete(address);
      this.windows.set(address, (w = { start: now, count: 0 }));
      if (this.windows.size > this.limits.addresses) this.windows.delete(this.windows.keys().next().value!);
    }
    if (w.count >= this.limits.perAddress) return null;
    w.count++;
    this.inProgress++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.inProgress--;
    };
  }
}
