/**
 * How the split search listing's facet files code each listed document's filter values and price
 * range (docs/search.md "The results page at scale"), with the static models of range-code.ts that
 * /search-listing.json carries (`split.fm`). Per document, in this order: its pattern (which filters
 * it has), the value list of each filter it has, its price range. Each value is coded in a context:
 * the document's pattern and the value of one earlier filter chosen at build time (the one that
 * tells most about it: a material tells the colour), so correlated filters cost little; or the
 * pattern only, or none, where the models would cost the head more than they save. One walk
 * (`codeRow`) serves the build's encoder and the page's decoder, so both keep one order.
 */
import { codeModel, createDecoder, createEncoder, scaleFrequencies, type CodeModel } from './range-code';
import { priceRangeOf } from '../catalog/listing-engine';
import type { ListingFile } from '../catalog/listing/client';
import type { FacetModel } from './split-listing';

/**
 * A document's symbols: pattern, each filter's value list (-1: the filter is not in the pattern; 0
 * for a filter coded value by value, whose list is in `lists`), price range (0 none, k + 1 range k).
 */
interface RowSymbols {
  ps: number;
  vs: number[];
  bs: number;
  lists: (number[] | undefined)[];
}

/** Puts a known symbol (encoding) or reads one (decoding) with a model. */
type CodeIo = (model: CodeModel, symbol: number | undefined) => number;

/**
 * A field's models by context: `a` says which: ONE_CONTEXT (one model), PATTERN (per pattern), or
 * an earlier filter's index (per pattern and that filter's symbol).
 */
interface ContextModels {
  a: number;
  at: Map<number, CodeModel>;
}

/** A field coded with one model for every document. */
const ONE_CONTEXT = -2;
/** A field coded with a model per pattern. */
const PATTERN = -1;
/** Earlier filters tried as a field's context at build time (those most documents have), so fitting stays quick with many filters. */
const MAX_PARENTS = 12;
/**
 * Value lists a filter may have as symbols of their own; a filter whose products carry more
 * different lists is coded value by value (its length, then each value), so the head does not
 * carry every combination.
 */
const MAX_LISTS = 256;

interface Models {
  fm: FacetModel;
  patterns: CodeModel;
  values: ContextModels[];
  /** Per filter coded value by value: its length and value models. */
  byValue: ({ length: CodeModel; value: CodeModel } | undefined)[];
  bucket: ContextModels;
}

/** A context (pattern or -1, parent symbol or -1) as one number, so decoding looks models up without making strings. */
const SYMBOLS = 2 ** 20;
const contextKey = (ps: number, parent: number) => (ps + 1) * SYMBOLS + parent + 1;

/** A document's context for a field coded by `a`, as the model's `x` names it. */
function contextOf(a: number, ps: number, vs: readonly number[]): number {
  return a === ONE_CONTEXT ? contextKey(-1, -1) : contextKey(ps, a === PATTERN ? -1 : vs[a]!);
}

function contextModels(field: { a: number; x: [number, number][]; n: number[][] }): ContextModels {
  return { a: field.a, at: new Map(field.x.map(([ps, s], i) => [contextKey(ps, s), codeModel(scaleFrequencies(field.n[i]!))])) };
}

const built = new WeakMap<FacetModel, Models>();

/** The coder's models of a head's facet model, made once per head. */
function modelsOf(fm: FacetModel): Models {
  let m = built.get(fm);
  if (!m)
    built.set(
      fm,
      (m = {
        fm,
        patterns: codeModel(scaleFrequencies(fm.pn)),
        values: fm.v.map(contextModels),
        byValue: fm.v.map((f) => f.e && { length: codeModel(scaleFrequencies(f.e.l)), value: codeModel(scaleFrequencies(f.e.n)) }),
        bucket: contextModels(fm.b),
      }),
    );
  return m;
}

function inContext(field: ContextModels, ps: number, vs: readonly number[]): CodeModel {
  const model = field.at.get(contextOf(field.a, ps, vs));
  if (!model) throw new Error('a facet file does not match its code model');
  return model;
}

/** The one order of a document's symbols, for the encoder (`row` given) and the decoder. */
function codeRow(m: Models, io: CodeIo, row?: RowSymbols): RowSymbols {
  const ps = io(m.patterns, row?.ps);
  const vs = new Array<number>(m.fm.c.length).fill(-1);
  const lists: (number[] | undefined)[] = [];
  for (const k of m.fm.p[ps] ?? []) {
    const byValue = m.byValue[k];
    if (!byValue) {
      vs[k] = io(inContext(m.values[k]!, ps, vs), row?.vs[k]);
      continue;
    }
    const known = row?.lists[k];
    const list: number[] = (lists[k] = []);
    for (let i = 0, n = io(byValue.length, known?.length); i < n; i++) list.push(io(byValue.value, known?.[i]));
    vs[k] = 0;
  }
  const bs = io(inContext(m.bucket, ps, vs), row?.bs);
  return { ps, vs, bs, lists };
}

/** What a facet file holds of a listed document: its value indexes per filter code and its price range (-1: none). */
export interface FacetRow {
  f: Record<string, number[]>;
  b: number;
}

/** Decodes the coded documents of a facet file (`count` of them, in order); throws on a file not coded with this model. */
export function decodeFacetRows(fm: FacetModel, text: string, count: number): FacetRow[] {
  const m = modelsOf(fm);
  const dec = createDecoder(text);
  const io: CodeIo = (model) => dec.get(model);
  const rows = Array.from({ length: count }, (): FacetRow => {
    const { vs, bs, lists } = codeRow(m, io);
    const f: Record<string, number[]> = {};
    vs.forEach((s, k) => {
      if (s >= 0) f[fm.c[k]!] = lists[k] ?? fm.v[k]!.t[s]!;
    });
    return { f, b: bs - 1 };
  });
  dec.end();
  return rows;
}

/** Symbols in first-seen order, by key. */
class SymbolTable {
  readonly keys = new Map<string, number>();
  readonly values: number[][] = [];
  of(value: number[]): number {
    const key = value.join(',');
    let k = this.keys.get(key);
    if (k === undefined) {
      this.keys.set(key, (k = this.values.length));
      this.values.push(value);
    }
    return k;
  }
}

/** Information (bits) of the symbols counted per context, plus what the model costs the head: about 16 bits a count, 2 a zero. */
function contextCost(byContext: Map<number, Map<number, number>>, size: number): number {
  let bits = 0;
  for (const counts of byContext.values()) {
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    bits += 2 * (size - counts.size);
    for (const c of counts.values()) bits += 16 - c * Math.log2(c / total);
  }
  return bits;
}

/** Counts a field's symbols per context (coded by `a`), over the rows that have the field. */
function countContexts(rows: readonly RowSymbols[], symbol: (r: RowSymbols) => number, a: number) {
  const byContext = new Map<number, Map<number, number>>();
  for (const r of rows) {
    const s = symbol(r);
    if (s < 0) continue;
    const key = contextOf(a, r.ps, r.vs);
    let counts = byContext.get(key);
    if (!counts) byContext.set(key, (counts = new Map()));
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return byContext;
}

/**
 * A field's models: the context that makes it cheapest, model included (one model, per pattern, or
 * per pattern and the value of one of the `parents` earlier filters), and its counts per context.
 */
function fitField(rows: readonly RowSymbols[], symbol: (r: RowSymbols) => number, parents: readonly number[], size: number) {
  let best: { a: number; byContext: Map<number, Map<number, number>> } | null = null;
  let bestCost = Infinity;
  for (const a of [ONE_CONTEXT, PATTERN, ...parents]) {
    const byContext = countContexts(rows, symbol, a);
    const cost = contextCost(byContext, size);
    if (cost < bestCost) [best, bestCost] = [{ a, byContext }, cost];
  }
  const x: [number, number][] = [];
  const n: number[][] = [];
  for (const [key, counts] of best!.byContext) {
    x.push([Math.floor(key / SYMBOLS) - 1, (key % SYMBOLS) - 1]);
    n.push(Array.from({ length: size }, (_, s) => counts.get(s) ?? 0));
  }
  return { a: best!.a, x, n };
}

/** The model of a filter coded value by value: how long its lists are, how often each value is in one. */
function valueByValue(rows: readonly RowSymbols[], k: number, size: number): FacetModel['v'][number] {
  const lists = rows.flatMap((r) => (r.lists[k] ? [r.lists[k]] : []));
  const l = new Array<number>(Math.max(...lists.map((v) => v.length)) + 1).fill(0);
  const n = new Array<number>(size).fill(0);
  for (const list of lists) {
    l[list.length]!++;
    for (const v of list) n[v]!++;
  }
  return { t: [], a: ONE_CONTEXT, x: [], n: [], e: { l, n } };
}

/**
 * The facet files' code model, fitted on the listed products (`listed`: each document's index in
 * `full.products`, undefined when not listed), and the encoder of a facet file's documents.
 */
export function facetCoding(
  full: ListingFile,
  listed: readonly (number | undefined)[],
): { model: FacetModel; encode(part: readonly (number | undefined)[]): string } {
  const codes = full.facets.filter((f) => f.code !== 'price').map((f) => f.code);
  const ranges = full.facets.find((f) => f.code === 'price')?.values ?? [];
  const patterns = new SymbolTable();
  const values = codes.map(() => new SymbolTable());
  const symbols = new Map<number, RowSymbols>();
  for (const i of listed) {
    if (i === undefined || symbols.has(i)) continue;
    const item = full.products[i]!;
    const vs = codes.map((c, k) => (item.f[c]?.length ? values[k]!.of(item.f[c]!) : -1));
    const ps = patterns.of(vs.flatMap((s, k) => (s >= 0 ? [k] : [])));
    symbols.set(i, { ps, vs, bs: priceRangeOf(ranges, item.price[2]) + 1, lists: [] });
  }
  // Filters with too many different value lists: coded value by value, and no context for others.
  const byValue = values.map((t) => t.values.length > MAX_LISTS);
  for (const r of symbols.values())
    byValue.forEach((yes, k) => {
      if (!yes || r.vs[k]! < 0) return;
      r.lists[k] = values[k]!.values[r.vs[k]!]!;
      r.vs[k] = 0;
    });
  const rows = listed.flatMap((i) => (i === undefined ? [] : [symbols.get(i)!]));
  const patternCounts = new Array<number>(patterns.values.length).fill(0);
  for (const r of rows) patternCounts[r.ps]!++;
  // The earlier filters a field may take its context from: the MAX_PARENTS most documents have.
  const present = codes.map((_, k) => rows.filter((r) => r.vs[k]! >= 0).length);
  const parentsOf = (before: number) =>
    [...Array(before).keys()]
      .filter((k) => !byValue[k])
      .sort((x, y) => present[y]! - present[x]! || x - y)
      .slice(0, MAX_PARENTS)
      .sort((x, y) => x - y);
  const model: FacetModel = {
    c: codes,
    p: patterns.values,
    pn: patternCounts,
    v: values.map((t, k) =>
      byValue[k]
        ? valueByValue(rows, k, full.facets.find((f) => f.code === codes[k])!.values.length)
        : { t: t.values, ...fitField(rows, (r) => r.vs[k]!, parentsOf(k), t.values.length) },
    ),
    b: fitField(rows, (r) => r.bs, parentsOf(codes.length), ranges.length + 1),
  };
  const m = modelsOf(model);
  return {
    model,
    encode(part) {
      const enc = createEncoder();
      const io: CodeIo = (model, symbol) => (enc.put(model, symbol!), symbol!);
      for (const i of part) if (i !== undefined) codeRow(m, io, symbols.get(i)!);
      return enc.finish();
    },
  };
}
