/**
 * What the build tells a content editor about empty or missing content (spec §8 menu and CMS texts):
 * the pages still build, but an empty header menu or an empty CMS answer is almost always a snapshot
 * pulled from a backend without the menus or CMS extension, and a content route without an active
 * CMS page is left out of the site.
 */
import { messages } from '../messages';

type Warn = (message: string) => void;

/** Logs 'Header menu returned empty result' when the header menu (id 1) has no entry; true when it did. */
export function warnEmptyHeaderMenu(items: readonly unknown[], warn: Warn = console.warn): boolean {
  if (items.length > 0) return false;
  warn(`[menus] ${messages.headerMenuEmpty}`);
  return true;
}

/** Logs 'CMS query returned empty result' and the CMS extension hint when the snapshot has no CMS page; true when it did. */
export function warnEmptyCms(pages: readonly unknown[], warn: Warn = console.warn): boolean {
  if (pages.length > 0) return false;
  warn(`[cms] ${messages.cmsQueryEmpty}. ${messages.cmsExtensionHint}`);
  return true;
}

/** A content route the build leaves out, as the warning names it (src/lib/routing/content-routes.ts). */
interface LeftOut {
  path: string;
  identifier: string;
  reason: 'missing' | 'inactive';
}

/**
 * Logs each content route of §2 left out of the build because its CMS page is missing from the
 * snapshot or inactive (its URL answers as gone); true when any was. One line per route, so a
 * run's report names every page an editor switched off or never created.
 */
export function warnLeftOutContent(leftOut: readonly LeftOut[], warn: Warn = console.warn): boolean {
  for (const r of leftOut) {
    const why = r.reason === 'missing' ? 'no CMS page' : 'its CMS page is inactive';
    warn(`[cms] content route ${r.path} left out of the build (answers 410 gone): ${why} with identifier '${r.identifier}'`);
  }
  return leftOut.length > 0;
}
