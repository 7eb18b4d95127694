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
