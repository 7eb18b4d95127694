/**
 * Astro writes the rule that lays out its islands (`astro-island, astro-slot, astro-static-slot
 * { display: contents }`) as a `<style>` just before a page's first island, in the body: invalid
 * HTML (a `<style>` is head content; html-validate reports it). The page renderer (src/middleware.ts)
 * moves that one `<style>` to the end of the head, where the same rule applies the same way.
 */
const ISLAND_STYLE = /<style>(astro-island,[^<]*\{display:contents\})<\/style>/;

/** The page with Astro's island `<style>` moved from the body to the head; any other page unchanged. */
export function hoistIslandStyles(html: string): string {
  const headEnd = html.indexOf('</head>');
  const m = ISLAND_STYLE.exec(html);
  if (headEnd < 0 || !m || m.index < headEnd) return html;
  const body = html.slice(0, m.index) + html.slice(m.index + m[0].length);
  return `${body.slice(0, headEnd)}${m[0]}${body.slice(headEnd)}`;
}
