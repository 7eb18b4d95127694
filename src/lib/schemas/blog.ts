/** Blog post and category (spec §3). */
import { z, DateString, opt, ImageRef } from './common';

export const BlogAuthorSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    name: z.string().min(1),
    description: z.string().default(''),
    avatar: z.looseObject({ url: ImageRef }).nullish(),
  }))();

export const BlogPostSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    id: z.union([z.number().int(), z.string()]),
    title: z.string().min(1),
    date: DateString,
    /** Last change, when the source gives it (WordPress's `modified`). */
    modified: opt(DateString),
    uri: z.string(),
    link: z.string(),
    featuredImage: opt(z.looseObject({ sourceUrl: ImageRef, altText: z.string().default('') })),
    content: z.string(),
    author: BlogAuthorSchema,
    slug: z.string().min(1),
    excerpt: z.string().default(''),
    category_ids: z.array(z.union([z.number().int(), z.string()])).default([]),
  }))();
export type BlogPost = z.output<typeof BlogPostSchema>;

export const BlogCategorySchema = /*#__PURE__*/ (() =>
  z.looseObject({
    id: z.union([z.number().int(), z.string()]),
    name: z.string().min(1),
    slug: z.string().min(1),
    description: z.string().default(''),
    children: z.array(z.union([z.number().int(), z.string()])).default([]),
    /** Ids of the posts in the category. */
    posts: z.array(z.union([z.number().int(), z.string()])).default([]),
  }))();
export type BlogCategory = z.output<typeof BlogCategorySchema>;
