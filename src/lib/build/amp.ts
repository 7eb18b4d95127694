/** Helpers for AMP pages: content HTML without the tags AMP forbids. */
import sanitize from 'sanitize-html';
import { sanitizeHtml } from '../content/sanitize';

/** The last HTML made AMP-valid and its result: a configurable product's AMP pages (one a child, one after another) show the same description. */
let last: { html: string; amp: string } | null = null;

/** Snapshot HTML made safe (sanitizeHtml) and AMP-valid: images, iframes, forms, styles and scripts removed. */
export function sanitizeAmpHtml(html: string | null | undefined): string {
  const source = html ?? '';
  if (last?.html === source) return last.amp;
  const amp = ampValid(sanitizeHtml(source));
  last = { html: source, amp };
  return amp;
}

function ampValid(safe: string): string {
  return sanitize(safe, {
    allowedTags: sanitize.defaults.allowedTags
      .filter((t) => !['img', 'iframe', 'form', 'input', 'button', 'select', 'textarea', 'style', 'script'].includes(t))
      .concat(['h2', 'h3', 'h4', 'details', 'summary']),
    allowedAttributes: { a: ['href', 'rel', 'target', 'title'], '*': ['class', 'title'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    disallowedTagsMode: 'discard',
  }).trim();
}

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A picture for amp-img: src and, when it can be resized, srcset and sizes (from the one image URL builder). */
export interface AmpPicture {
  src: string;
  srcset?: string | undefined;
  sizes?: string | undefined;
}

/**
 * An `<amp-img>` element as HTML. Custom elements are written as strings: rendered as Astro
 * elements they go through the framework renderers' checks, which cost milliseconds per page.
 */
export function ampImg(pic: AmpPicture, width: number, height: number, alt: string, layout = 'responsive'): string {
  const set = pic.srcset ? ` srcset="${escapeAttr(pic.srcset)}"${pic.sizes ? ` sizes="${escapeAttr(pic.sizes)}"` : ''}` : '';
  return `<amp-img src="${escapeAttr(pic.src)}"${set} width="${width}" height="${height}" layout="${layout}" alt="${escapeAttr(alt)}"></amp-img>`;
}

/** An `<amp-carousel type="slides">` of images as HTML. */
export function ampCarousel(images: (AmpPicture & { alt: string })[], width: number, height: number, label: string): string {
  return `<amp-carousel type="slides" layout="responsive" width="${width}" height="${height}" aria-label="${escapeAttr(label)}">${images
    .map((i) => ampImg(i, width, height, i.alt))
    .join('')}</amp-carousel>`;
}
