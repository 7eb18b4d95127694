/** The 'updated' notice (§4): a new version waits; the shopper's Refresh activates it and reloads. Plain DOM from a <template>. */

/** Shows the notice built from the template `#sw-update-template` (once); Refresh calls `apply`. */
export function showUpdateNotice(apply: () => void, doc: Document = document): HTMLElement | null {
  if (doc.querySelector('[data-sw-update]')) return null;
  const tpl = doc.getElementById('sw-update-template');
  if (!(tpl instanceof HTMLTemplateElement)) return null;
  const node = tpl.content.firstElementChild?.cloneNode(true);
  if (!(node instanceof HTMLElement)) return null;
  node.setAttribute('data-sw-update', '');
  node.querySelector('[data-sw-refresh]')?.addEventListener('click', () => {
    node.querySelectorAll('button').forEach((b) => (b.disabled = true));
    apply();
  });
  node.querySelector('[data-sw-dismiss]')?.addEventListener('click', () => node.remove());
  doc.body.append(node);
  return node;
}
