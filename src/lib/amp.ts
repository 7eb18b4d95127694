/** Helpers for AMP pages: content HTML without the tags AMP forbids. */
import sanitize from 'sanitize-html';
import { sanitizeHtml } from './sanitize';

/** Snapshot HTML made safe (sanitizeHtml) and AMP-valid: images, iframes, forms, styles and scripts removed. */
export function sanitizeAmpHtml(html: string | null | undefined): string {
  const safe = sanitizeHtml(html ?? '');
  return sanitize(safe, {
    allowedTags: sanitize.defaults.allowedTags.filter((t) => !['img', 'iframe', 'form', 'input', 'button', 'select', 'textarea', 'style', 'script'].includes(t)).concat(['h2', 'h3', 'h4', 'details', 'summary']),
    allowedAttributes: { a: ['href', 'rel', 'target', 'title'], '*': ['class', 'title'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    disallowedTagsMode: 'discard',
  }).trim();
}
