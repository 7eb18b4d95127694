/** Category tag for analytics (spec §9): a category path containing 'watch' gives 'watch', otherwise 'jewellery'. */

export type CategoryTag = 'watch' | 'jewellery';

/** 'watch' when the path (url_path, or names from the root down) contains 'watch' in any case, else 'jewellery'. */
export function categoryTag(path: string | readonly string[] | null | undefined): CategoryTag {
  const text = Array.isArray(path) ? path.join('/') : String(path ?? '');
  return text.toLowerCase().includes('watch') ? 'watch' : 'jewellery';
}
