/** Pagination, breadcrumbs and category query state (spec §3). */
import { z } from './common';

export const PaginationSchema = /*#__PURE__*/ (() =>
  z.object({
    categoryId: z.number().int().nullable(),
    currentPage: z.number().int().min(1),
    itemsDisplayed: z.number().int().min(0),
    perPage: z.number().int().positive(),
    scrollPosition: z.number().min(0),
    defaultPerPage: z.number().int().positive(),
  }))();
export type Pagination = z.output<typeof PaginationSchema>;

export const BreadcrumbsSchema = /*#__PURE__*/ (() =>
  z.object({
    routes: z.array(z.object({ name: z.string(), route_link: z.string() })),
    current: z.string(),
  }))();
export type Breadcrumbs = z.output<typeof BreadcrumbsSchema>;

/** Category query state: filters map an attribute code to the chosen filter value ids. */
export const CategoryQueryStateSchema = /*#__PURE__*/ (() =>
  z.object({
    offset: z.number().int().min(0),
    perPage: z.number().int().positive(),
    sort: z.string(),
    filters: z.record(z.string(), z.array(z.string())),
    searchProductQuery: z.string().default(''),
  }))();
export type CategoryQueryState = z.output<typeof CategoryQueryStateSchema>;
