import { normalizeSitePath } from '@folio/shared';
import type { RedirectRule } from '@folio/shared';
import type { Store } from './store.js';

/** An article's address for a slug; `/articles/{slug}` (server/API.md §E19). */
const articleAddress = (slug: string): string => `/articles/${slug}`;

/**
 * Merges `incoming` into `existing` by address (a backup's redirects over the site's): a rule
 * from an address the site already redirects replaces it in place, the others are added at the end.
 */
export function mergeRedirects(existing: readonly RedirectRule[], incoming: readonly RedirectRule[]): RedirectRule[] {
  const result = [...existing];
  const positions = new Map(result.map((rule, index) => [normalizeSitePath(rule.from), index]));
  for (const rule of incoming) {
    const key = normalizeSitePath(rule.from);
    const position = positions.get(key);
    if (position === undefined) {
      positions.set(key, result.length);
      result.push(rule);
    } else {
      result[position] = rule;
    }
  }
  return result;
}

/**
 * The redirects after an article's slug changed from `oldSlug` to `newSlug`: the old address
 * answers 301 to the new one, rules that led to the old address lead straight to the new one (no
 * chain of hops), and a rule from the new address goes, since the article's page is there now
 * (it could only loop back). Run inside the mutation that changes the slug.
 */
export function keepOldSlugAddress(rules: readonly RedirectRule[], oldSlug: string, newSlug: string): RedirectRule[] {
  const from = articleAddress(oldSlug);
  const to = articleAddress(newSlug);
  const replaced = new Set([normalizeSitePath(from), normalizeSitePath(to)]);
  const kept = rules
    .filter((rule) => !replaced.has(normalizeSitePath(rule.from)))
    .map((rule) => (rule.to.startsWith('/') && normalizeSitePath(rule.to) === from ? { ...rule, to } : rule));
  return [...kept, { from, to, status: 301 }];
}

/**
 * The owner's redirects (server/API.md §E19), in `redirects.json`: the list as the owner orders
 * it, and a lookup by request path rebuilt once per change of the store.
 */
export class RedirectsRepository {
  private byPath: { generation: number; rules: Map<string, RedirectRule> } | null = null;

  constructor(private readonly store: Store) {}

  list(): RedirectRule[] {
    return this.store.state.redirects.items.map((rule) => ({ ...rule }));
  }

  /** Replaces the whole list with rules already checked (`checkRedirects`). */
  async replace(rules: readonly RedirectRule[]): Promise<RedirectRule[]> {
    await this.store.mutate(['redirects'], (state) => {
      state.redirects.items = rules.map((rule) => ({ ...rule }));
    });
    return this.list();
  }

  /** The rule from `path` (as a request sends it, percent-encoded or not, with or without a trailing slash). */
  match(path: string): RedirectRule | undefined {
    const generation = this.store.generation;
    if (this.byPath?.generation !== generation) {
      const rules = new Map(this.store.state.redirects.items.map((rule) => [normalizeSitePath(rule.from), rule]));
      this.byPath = { generation, rules };
    }
    return this.byPath.rules.get(normalizeSitePath(path));
  }

  /** Whether some rule redirects from `/articles/{slug}`: a slug made from a title leaves that address to it. */
  redirectsFromArticle(slug: string): boolean {
    return this.match(articleAddress(slug)) !== undefined;
  }
}
