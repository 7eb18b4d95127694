/**
 * What the build tells a content editor about empty content (spec §8 menu and CMS texts): the
 * pages still build, but an empty header menu or an empty CMS answer is almost always a snapshot
 * pulled from a backend without the menus or CMS extension.
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
