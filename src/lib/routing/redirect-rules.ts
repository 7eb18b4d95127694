/**
 * Redirect rules with the semantics of the `_redirects` files CDNs read (`from to status`; a `:name`
 * segment matches one segment, a trailing `*` the rest; the first matching rule wins), and their
 * matcher, which the shop's server and the CDN's edge function apply through the redirect map
 * (src/lib/build/cdn/edge-map.ts). Pure and browser-safe.
 */

/** One rule: a path pattern, its target, its status (200 rewrite, 301 move, 410 gone). */
export interface RedirectRule {
  from: string;
  to: string;
  status: number;
  /** Its position among all rules when a table holds only some of them (an edge bucket, src/lib/build/cdn/edge-map.ts). */
  order?: number;
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
