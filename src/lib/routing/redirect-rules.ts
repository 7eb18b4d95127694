/**
 * Redirect rules in the `_redirects` file format CDNs read (one rule a line: `from to status`; a
 * `:name` segment matches one segment, a trailing `*` the rest; the first matching rule wins), and
 * the matcher the shop's server applies them with (server/static.ts). Pure and browser-safe.
 */

/** One rule of a `_redirects` file. */
export interface RedirectRule {
  from: string;
  to: string;
  status: number;
  /** Its position among all rules when a table holds only some of them (an edge bucket, src/lib/cdn/edge-map.ts). */
  order?: number;
}

/** Writes rules as a `_redirects` file, one `from to status` line each, after a comment header. */
export function formatRedirects(rules: readonly RedirectRule[], header: readonly string[] = []): string {
  return [...header.map((h) => `# ${h}`), ...rules.map((r) => `${r.from} ${r.to} ${r.status}`)].join('\n') + '\n';
}

/** Reads a `_redirects` file: blank lines and `#` comments are skipped, a rule without a status is a 301. */
export function parseRedirects(text: string): RedirectRule[] {
  const out: RedirectRule[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [from, to, status] = line.split(/\s+/);
    if (!from || !to || !from.startsWith('/')) continue;
    const code = status ? Number.parseInt(status, 10) : 301;
    if (!Number.isFinite(code)) continue;
    out.push({ from, to, status: code });
  }
  return out;
}

/** A path as rules compare it: lower case (skus and slugs are matched whatever their case), no trailing slash. */
function key(path: string): string {
  const p = path.toLowerCase();
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

interface PatternRule extends RedirectRule {
  segs: string[];
  splat: boolean;
  order: number;
}

/** Rules indexed for lookup: exact paths in a map, patterns by their first segment (thousands of products stay fast). */
export class RedirectTable {
  private exact = new Map<string, { rule: RedirectRule; order: number }>();
  private patterns = new Map<string, PatternRule[]>();

  constructor(rules: readonly RedirectRule[]) {
    rules.forEach((rule, i) => {
      const order = rule.order ?? i;
      const from = key(rule.from);
      if (!from.includes('/:') && !from.endsWith('*')) {
        if (!this.exact.has(from)) this.exact.set(from, { rule, order });
        return;
      }
      const splat = from.endsWith('/*');
      const segs = (splat ? from.slice(0, -2) : from).split('/').filter(Boolean);
      const first = segs[0] ?? '';
      const list = this.patterns.get(first) ?? [];
      list.push({ ...rule, segs, splat, order });
      this.patterns.set(first, list);
    });
  }

  get size(): number {
    return this.exact.size + [...this.patterns.values()].reduce((n, l) => n + l.length, 0);
  }

  /** The first rule (in file order) matching a path, with the target's placeholders filled; null when none. */
  match(path: string): { to: string; status: number } | null {
    const m = this.find(path);
    return m ? { to: m.to, status: m.status } : null;
  }

  /** As `match`, with the rule's order (to pick the first of several tables' answers). */
  find(path: string): { to: string; status: number; order: number } | null {
    const k = key(path);
    const hit = this.exact.get(k);
    const segs = k.split('/').filter(Boolean);
    let best: { to: string; status: number; order: number } | null = hit ? { to: hit.rule.to, status: hit.rule.status, order: hit.order } : null;
    const rawSegs = path.replace(/\/+$/, '').split('/').filter(Boolean);
    for (const r of this.patterns.get(segs[0] ?? '') ?? []) {
      if (best && best.order < r.order) continue;
      if (r.splat ? segs.length <= r.segs.length : segs.length !== r.segs.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < r.segs.length; i++) {
        const s = r.segs[i]!;
        if (s.startsWith(':')) params[s.slice(1)] = rawSegs[i] ?? '';
        else if (s !== segs[i]) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      const splat = r.splat ? rawSegs.slice(r.segs.length).join('/') : '';
      const to = r.to.replace(/:([a-z]+)/gi, (m, name: string) => params[name] ?? m).replace(':splat', splat);
      best = { to, status: r.status, order: r.order };
    }
    return best;
  }
}
