import type { RedirectRule } from '@folio/shared';
import type { RedirectsRepository } from '../store/redirects.repository.js';

/**
 * The owner's redirects (server/API.md §E19): the admin reads and replaces the list, and the web
 * app asks for the rule of a path Folio has no page for.
 */
export class RedirectsService {
  constructor(private readonly redirects: RedirectsRepository) {}

  list(): RedirectRule[] {
    return this.redirects.list();
  }

  /** Replaces the whole list; `rules` were checked by the request schema (`redirectsPutSchema`). */
  replace(rules: readonly RedirectRule[]): Promise<RedirectRule[]> {
    return this.redirects.replace(rules);
  }

  /** The rule from this request path, if any. */
  match(path: string): RedirectRule | undefined {
    return this.redirects.match(path);
  }
}
