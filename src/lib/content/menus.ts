/** Menu trees for the header and footer from the six flat menus of §7 (node_id, parent_id, title, content, classes). */
import type { MenuNode } from '../schemas';

export interface MenuItem {
  id: number;
  title: string;
  href: string | null;
  classes: string;
  children: MenuItem[];
}

/** A node's link: its content when that is a path or an http(s)/tel/mailto URL, else null (a heading). */
export function menuHref(content: string): string | null {
  const c = content.trim();
  if (c.startsWith('/') || /^(https?:|tel:|mailto:)/i.test(c)) return c;
  return null;
}

/** Nests flat nodes by parent_id, ordered by position then node_id; orphans become top-level items. */
export function menuTree(nodes: MenuNode[]): MenuItem[] {
  const byId = new Map<number, MenuItem>();
  const sorted = [...nodes].sort((a, b) => a.position - b.position || a.node_id - b.node_id);
  for (const n of sorted) byId.set(n.node_id, { id: n.node_id, title: n.title, href: menuHref(n.content), classes: n.classes, children: [] });
  const roots: MenuItem[] = [];
  for (const n of sorted) {
    const item = byId.get(n.node_id)!;
    const parent = n.parent_id !== null && n.parent_id !== n.node_id ? byId.get(n.parent_id) : undefined;
    (parent ? parent.children : roots).push(item);
  }
  return roots;
}
