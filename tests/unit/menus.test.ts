import { describe, expect, it } from 'vitest';
import { menuHref, menuTree } from '../../src/lib/content/menus';
import { MenuNodeSchema } from '../../src/lib/schemas';

const node = (node_id: number, parent_id: number | null, title: string, content = `/${title.toLowerCase()}`, position = 0) =>
  MenuNodeSchema.parse({ node_id, parent_id, title, content, position });

describe('menu trees', () => {
  it('nests nodes under their parent in position order', () => {
    const tree = menuTree([
      node(3, 1, 'Wedding', '/rings/wedding', 2),
      node(1, null, 'Rings'),
      node(2, 1, 'Engagement', '/rings/engagement', 1),
      node(4, null, 'Watches', '/watches', 1),
    ]);
    expect(tree.map((i) => i.title)).toEqual(['Rings', 'Watches']);
    expect(tree[0]!.children.map((i) => i.title)).toEqual(['Engagement', 'Wedding']);
    expect(tree[0]!.children[0]!.href).toBe('/rings/engagement');
  });

  it('an orphan becomes a top-level item', () => {
    expect(menuTree([node(5, 99, 'Lost')]).map((i) => i.title)).toEqual(['Lost']);
  });

  it('only paths and http, tel and mailto urls are links', () => {
    expect(menuHref('/faq')).toBe('/faq');
    expect(menuHref('https://example.com')).toBe('https://example.com');
    expect(menuHref('tel:01772000000')).toBe('tel:01772000000');
    expect(menuHref('javascript:alert(1)')).toBeNull();
    expect(menuHref('Customer service')).toBeNull();
  });
});
