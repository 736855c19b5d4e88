import { PUBLIC_ARTICLES_PAGE_SIZE } from '@folio/shared';
import type { PublicPageSnapshot } from '@folio/shared';
import { presentAvatar } from '../presenters/avatars.presenter.js';
import { presentContact, presentSkill } from '../presenters/ordered.presenter.js';
import { presentSiteBlock } from '../presenters/site-blocks.presenter.js';
import { ArticlesService } from '../services/articles.service.js';
import { AvatarsRepository } from '../store/avatars.repository.js';
import { OrderedRepository } from '../store/ordered.repository.js';
import type { ContactRecord, SkillRecord } from '../store/records.js';
import { SiteBlocksRepository } from '../store/site-blocks.repository.js';
import type { Store } from '../store/store.js';

/** What every public page shows: the top bar and footer read the site blocks. */
function baseSnapshot(store: Store): PublicPageSnapshot {
  return {
    siteBlocks: new SiteBlocksRepository(store).list().map(presentSiteBlock),
    skills: [],
    contacts: [],
    avatars: [],
  };
}

/**
 * The landing page's data, read in-process from the store: exactly what the public endpoints
 * would answer (same presenters), so the hydrated page and later refetches agree.
 */
export function landingSnapshot(store: Store): PublicPageSnapshot {
  const articles = ArticlesService.for(store);
  const live = articles.listPublic({});
  const total = live.length;
  return {
    ...baseSnapshot(store),
    skills: new OrderedRepository<SkillRecord>(store, 'skills').list().map(presentSkill),
    contacts: new OrderedRepository<ContactRecord>(store, 'contacts').list().map(presentContact),
    avatars: new AvatarsRepository(store).list().map(presentAvatar),
    articleList: {
      articles: articles.presentPublicList(live.slice(0, PUBLIC_ARTICLES_PAGE_SIZE)),
      total,
      pages: Math.ceil(total / PUBLIC_ARTICLES_PAGE_SIZE),
      current_page: 1,
      per_page: PUBLIC_ARTICLES_PAGE_SIZE,
    },
    categories: articles.categories(),
    tags: articles.tagCounts(),
  };
}

/**
 * An article page's data; `article` is `null` for an unknown or binned id. A rendered page is a
 * visit, so it counts a view like `GET /api/articles/{id}` (HEAD does not).
 */
export function articleSnapshot(store: Store, id: number, countView: boolean): PublicPageSnapshot {
  const articles = ArticlesService.for(store);
  const found = articles.articles.findLive(id);
  return { ...baseSnapshot(store), article: found ? articles.publicDetail(id, countView) : null };
}

/** A page that needs only the layout's data (the 404 page). */
export function layoutSnapshot(store: Store): PublicPageSnapshot {
  return baseSnapshot(store);
}
