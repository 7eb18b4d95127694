/** The social photo feed's I/O (spec §7 social-settings): the extension's answer, read as JSON (its rules: src/browser/content/SocialFeed.ts validates it). */

/** GETs a JSON document (the feed's default reader; tests pass their own). */
export function fetchJson(url: string): Promise<unknown> {
  return fetch(url, { headers: { accept: 'application/json' } }).then((r) => r.json());
}
