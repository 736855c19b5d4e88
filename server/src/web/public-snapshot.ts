import { PUBLIC_ARTICLES_PAGE_SIZE } from '@folio/shared';
import type { PublicPageSnapshot } from '@folio/shared';
import { presentAvatar } from '../presenters/avatars.presenter.js';
import { presentContact, presentSkill } from '../presenters/skills-and-contacts.presenter.js';
import { presentSiteBlock } from '../presenters/site-blocks.presenter.js';
import type { Services } from '../services/services.js';

/** What every public page shows: the top bar and footer read the site blocks. */
function baseSnapshot(services: Services): PublicPageSnapshot {
  return {
    siteBlocks: services.siteBlocks.list().map(presentSiteBlock),
    skills: [],
    contacts: [],
    avatars: [],
  };
}

/**
 * The landing page's data, read in-process from the store: exactly what the public endpoints
 * would answer (same presenters), so the hydrated page and later refetches agree.
 */
export function landingSnapshot(services: Services): PublicPageSnapshot {
  const articles = services.publicArticles;
  const live = articles.list({});
  const total = live.length;
  return {
    ...baseSnapshot(services),
    skills: services.skills.list().map(presentSkill),
    contacts: services.contacts.list().map(presentContact),
    avatars: services.avatars.list().map((avatar) => presentAvatar(avatar, services.imageSizes.facts(avatar.filename))),
    articleList: {
      articles: articles.presentList(live.slice(0, PUBLIC_ARTICLES_PAGE_SIZE)),
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
 * An article page's data; `article` is `null` for an id readers do not see (unknown, binned, a
 * draft or scheduled). A rendered page is a visit, so it counts a view like
 * `GET /api/articles/{id}` (HEAD does not).
 */
export function articleSnapshot(services: Services, id: number, countView: boolean): PublicPageSnapshot {
  const articles = services.publicArticles;
  return { ...baseSnapshot(services), article: articles.isPublished(id) ? articles.detail(id, countView) : null };
}

/** A page that needs only the layout's data (the 404 page). */
export function layoutSnapshot(services: Services): PublicPageSnapshot {
  return baseSnapshot(services);
}
