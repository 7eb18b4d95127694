/**
 * Reading a VSF catalogue dump file: records as NDJSON (one per line), as concatenated
 * pretty-printed JSON objects, or as one JSON array; each record an Elasticsearch hit
 * (`{ _index, _type, _id, _source }`) or a bare source. A saved `_search` answer
 * (`{ hits: { hits: [...] } }`) reads as its hits. Pure (the text in, the records out).
 */
import type { Problem } from './from-vsf/common';

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
      out.push({ source: v._source, ...(v._id !== undefined ? { hitId: String(v._id) } : {}) });
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
