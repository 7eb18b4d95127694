/** Writing the sample's files: product shards, pretty JSON files, attributes and reviews. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRng, mixSeed } from '../prng';
import { REVIEW_NICKNAMES, REVIEW_TEXTS, type AttrDef } from '../sample-catalog-data';
import { dayString, type Json } from './common';

const SHARD_SIZE = 1000;

/** Writes one file of the snapshot as indented JSON. */
export type Write = (file: string, value: unknown) => void;

export function createWriter(out: string): Write {
  return (file: string, value: unknown) => {
    mkdirSync(dirname(join(out, file)), { recursive: true });
    writeFileSync(join(out, file), `${JSON.stringify(value, null, 2)}\n`);
  };
}

/** Writes the products in shards of SHARD_SIZE records, one record a line; returns the shard files. */
export function writeProductShards(out: string, products: Json[]): string[] {
  const shards: string[] = [];
  for (let i = 0; i < products.length; i += SHARD_SIZE) {
    const file = `products/${String(shards.length).padStart(4, '0')}.json`;
    writeFileSync(
      join(out, file),
      `[\n${products
        .slice(i, i + SHARD_SIZE)
        .map((p) => JSON.stringify(p))
        .join(',\n')}\n]\n`,
    );
    shards.push(file);
  }
  return shards;
}

export function attributeRecords(attrs: AttrDef[]): Json[] {
  return attrs.map((a, i) => ({
    attribute_code: a.code,
    attribute_id: a.id,
    id: a.id,
    options: a.options.map((label, j) => ({ value: String(a.base + j), label, sort_order: j })),
    frontend_label: a.label,
    frontend_input: a.input,
    is_visible_on_front: true,
    is_comparable: a.comparable,
    is_filterable: true,
    position: i,
  }));
}

/** Reviews of about a third of the visible products, from each product's own stream. */
export function buildReviews(seed: number, visible: Json[]): Json[] {
  const reviews: Json[] = [];
  let reviewId = 1;
  for (const p of visible) {
    const r = createRng(mixSeed(seed, Number(p.id) + 9_000_000));
    if (!r.chance(p.id === 1001 ? 1 : 0.3)) continue;
    const n = p.id === 1001 ? 3 : r.int(1, 4);
    for (let k = 0; k < n; k++) {
      const [stars, title, detail] = r.pick(REVIEW_TEXTS);
      reviews.push({
        id: reviewId++,
        product_id: p.id,
        title,
        detail,
        nickname: r.pick(REVIEW_NICKNAMES),
        review_status: (p.id === 1001 && k === 2) || r.chance(0.15) ? 2 : 1,
        review_entity: 'product',
        review_type: 2,
        ratings: [{ percent: stars * 20, value: stars, rating_name: 'Rating' }],
        created_at: dayString(-r.int(1, 365), r.int(8, 21)),
        entity_type: 'review',
      });
    }
  }
  return reviews;
}
