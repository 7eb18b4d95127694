/** The pure catalogue rules in one import: prices, variants, options, queries, slugs, URLs, images. */
export * from './slug';
export * from './price';
export * from './variants';
export * from './options';
export * from './query';
export * from './facets';
export * from './urls';
export * from './images';
export * from './category-tag';
export * from './cms';
export * from './order-tracking';
