/**
 * An island's own stylesheet, rendered with the island (imported with `?inline`), so a page that
 * never shows the island never downloads its CSS: Astro otherwise adds the CSS of every island
 * and script a route can reach to each page of the route (the catch-all route reaches them all).
 * Raw HTML, so selectors with `>` survive server rendering.
 */
export function IslandStyle({ id, css }: { id: string; css: string }) {
  return <style data-island-style={id} dangerouslySetInnerHTML={{ __html: css }} />;
}
