/**
 * Reading a VSF catalogue dump file: records as NDJSON (one per line), as concatenated
 * pretty-printed JSON objects, or as one JSON array; each record an Elasticsearch hit
 * (`{ _index, _type, _id, _source }`) or a bare source. A saved `_search` answer
 * (`{ hits: { hits: [...] } }`) reads as its hits. Pure (the text in, the records out).
 */
import type { Problem } from './from-vsf/common';
import { VSF_ENTITIES, type VsfEntity } from './to-vsf';

/** The dump files, as vue-storefront-api's `var/` names them, by entity. */
export const DUMP_FILES = {
  product: 'catalog_product.json',
  category: 'catalog_category.json',
  attribute: 'catalog_attribute.json',
  cms_page: 'catalog_cms_page.json',
  cms_block: 'catalog_cms_block.json',
  review: 'catalog_review.json',
  taxrule: 'catalog_taxrule.json',
} as const;

export interface DumpRecord {
  source: Record<string, unknown>;
  /** The hit's `_id`, when the record is a hit. */
  hitId?: string;
  /** The hit's `_type` (Elasticsearch 5: one index holds every entity) and `_index`, when the record is a hit. */
  type?: string;
  index?: string;
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Where the JSON object or array opening at `start` ends: the index after its matching close bracket
 * (strings skipped, escapes included), or -1 when the text ends first.
 */
export function jsonValueEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth++;
    else if ((ch === '}' || ch === ']') && --depth === 0) return i + 1;
  }
  return -1;
}

/** The top-level JSON values of a text: one array, or objects one after another (NDJSON, pretty-printed or not). */
function* jsonValues(text: string, file: string, problems: Problem[]): Generator<unknown> {
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && /\s|,/.test(text[i]!)) i++;
    if (i >= n) break;
    const start = i;
    const open = text[i];
    if (open !== '{' && open !== '[') {
      const end = text.indexOf('\n', i);
      problems.push({
        file,
        id: '',
        field: '',
        reason: `offset ${start}: not a JSON object or array: ${text.slice(start, Math.min(end < 0 ? n : end, start + 60))}`,
        skipped: true,
      });
      i = end < 0 ? n : end + 1;
      continue;
    }
    const end = jsonValueEnd(text, start);
    i = end < 0 ? n : end;
    const chunk = text.slice(start, i);
    try {
      yield JSON.parse(chunk);
    } catch (e) {
      problems.push({ file, id: '', field: '', reason: `offset ${start}: not valid JSON (${(e as Error).message})`, skipped: true });
    }
  }
}

/** The records of one dump file; values that are not records are reported in `problems`. */
export function parseDump(text: string, file: string, problems: Problem[]): DumpRecord[] {
  const out: DumpRecord[] = [];
  const take = (v: unknown, where: string) => {
    if (!isObj(v)) {
      problems.push({ file, id: '', field: where, reason: 'expected a record (a JSON object)', skipped: true });
      return;
    }
    if (isObj(v.hits) && Array.isArray(v.hits.hits)) {
      v.hits.hits.forEach((h, i) => take(h, `hits.hits.${i}`));
      return;
    }
    if ('_source' in v) {
      if (!isObj(v._source)) {
        problems.push({ file, id: String(v._id ?? ''), field: '_source', reason: 'a hit without its record (_source)', skipped: true });
        return;
      }
      out.push({
        source: v._source,
        ...(v._id !== undefined ? { hitId: String(v._id) } : {}),
        ...(typeof v._type === 'string' ? { type: v._type } : {}),
        ...(typeof v._index === 'string' ? { index: v._index } : {}),
      });
      return;
    }
    out.push({ source: v });
  };
  let k = 0;
  for (const v of jsonValues(text.replace(/^\uFEFF/, ''), file, problems)) {
    if (Array.isArray(v)) v.forEach((x, i) => take(x, String(i)));
    else take(v, String(k));
    k++;
  }
  return out;
}

const isEntity = (t: string | undefined): t is VsfEntity => (VSF_ENTITIES as readonly string[]).includes(t ?? '');

/**
 * The records of a whole-index dump (elasticdump of vue_storefront_catalog: every entity in one file)
 * by entity: a hit's `_type` (Elasticsearch 5), else its index's `_<entity>` suffix (Elasticsearch 7,
 * an index per entity: vue_storefront_catalog_product, or the index behind that alias, `..._product_1600000000`). Types the shop does not import are left out,
 * reported once per type; a record whose entity cannot be told is reported and left out.
 */
export function splitDump(records: readonly DumpRecord[], file: string, problems: Problem[]): Partial<Record<VsfEntity, DumpRecord[]>> {
  const out: Partial<Record<VsfEntity, DumpRecord[]>> = {};
  const others = new Map<string, number>();
  for (const r of records) {
    const fromIndex = VSF_ENTITIES.find((e) => new RegExp(`_${e}(_\\d+)?$`).test(r.index ?? ''));
    const entity = isEntity(r.type) ? r.type : r.type && r.type !== '_doc' ? null : (fromIndex ?? null);
    if (entity) (out[entity] ??= []).push(r);
    else if (r.type && r.type !== '_doc') others.set(r.type, (others.get(r.type) ?? 0) + 1);
    else
      problems.push({
        file,
        id: r.hitId ?? String(r.source.id ?? ''),
        field: '_type',
        reason: `cannot tell which entity the record is: no _type, and its _index (${r.index ?? 'none'}) does not end in _${VSF_ENTITIES.join(', _')} (and a timestamp)`,
        skipped: true,
      });
  }
  for (const [type, n] of others)
    problems.push({
      file,
      id: '',
      field: '_type',
      reason: `${n} record${n === 1 ? '' : 's'} of type '${type}' left out: not an entity the shop imports`,
      skipped: true,
    });
  return out;
}
