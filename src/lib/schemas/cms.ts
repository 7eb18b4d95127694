/** CMS pages and blocks (spec §3 CMS). */
import { z, opt } from './common';

export const CmsPageSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    id: z.number().int(),
    identifier: z.string().min(1),
    title: z.string().min(1),
    content: z.string(),
    content_heading: opt(z.string()),
    meta_title: opt(z.string()),
    meta_description: opt(z.string()),
    meta_keywords: opt(z.string()),
    /** Layout named by route metadata (§2): default, empty or minimal. */
    layout: z.enum(['default', 'empty', 'minimal']).default('default'),
    active: z.boolean().default(true),
    store_id: opt(z.number().int()),
    /** Service pages offer the appointment booking form. */
    booking_form: z.boolean().default(false),
    /** Optional video for CMS and campaign pages. */
    video: opt(
      z.looseObject({ videoId: opt(z.string()), videoUrl: opt(z.string()), loop: opt(z.boolean()), autoplay: opt(z.boolean()), controls: opt(z.boolean()) }),
    ),
    noindex: z.boolean().default(false),
  }))();
export type CmsPage = z.output<typeof CmsPageSchema>;

export const CmsBlockSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    id: z.number().int(),
    identifier: z.string().min(1),
    title: z.string(),
    content: z.string(),
    active: z.boolean().default(true),
  }))();
export type CmsBlock = z.output<typeof CmsBlockSchema>;

/** cmsError: 0 on success, 400 on 4xx, 500 on 5xx (§4). */
export const CmsErrorSchema = /*#__PURE__*/ (() => z.union([z.literal(0), z.literal(400), z.literal(500)]))();
