import { ARTICLE_LIST_PAGE_SIZE, PUBLIC_ARTICLES_PAGE_SIZE } from '@folio/shared';
import type { ArticleListScope, PublicPageSnapshot } from '@folio/shared';
import { presentAvatar } from '../presenters/avatars.presenter.js';
import { presentContact, presentSkill } from '../presenters/skills-and-contacts.presenter.js';
import { presentSiteBlock } from '../presenters/site-blocks.presenter.js';
import type { PublicArticleFilters } from '../services/public-articles.service.js';
import type { Services } from '../services/services.js';

/** What every public page shows: the top bar and footer read the site blocks. */
function baseSnapshot(services: Services): PublicPageSnapshot {
  return {
    siteBlocks: services.siteBlocks.list().map(presentSiteBlock),
    skills: [],
    contacts: [],
    avatars: [],
    // Whether the subscription form shows (server/API.md §E23.14): mail is configured.
    subscriptionsOpen: services.subscribers.open,
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
 * draft or scheduled). The page's view is counted by its beacon or no-script pixel, not here
 * (server/API.md §E23.2).
 */
export function articleSnapshot(services: Services, id: number, countView: boolean): PublicPageSnapshot {
  const articles = services.publicArticles;
  const article = articles.isPublished(id) ? articles.detail(id, countView) : null;
  // An article showing no image is shared with the site's avatar (server/API.md §E18): only that one.
  const avatar = article && !article.share_image ? currentAvatar(services) : undefined;
  return { ...baseSnapshot(services), ...(avatar && { avatars: [avatar] }), article };
}

/** The avatar the landing page shows: the current one, else the first. */
function currentAvatar(services: Services) {
  const avatars = services.avatars.list();
  const avatar = avatars.find((item) => item.is_current) ?? avatars[0];
  return avatar && presentAvatar(avatar, services.imageSizes.facts(avatar.filename));
}

/** The public list's filter that a list page's scope stands for. */
export function filtersOfScope(scope: ArticleListScope): PublicArticleFilters {
  if (scope.kind === 'tag') return { tag: scope.name };
  if (scope.kind === 'category') return { category: scope.name };
  return {};
}

/**
 * Whether a list page exists (server/API.md §E16): a page within the list, and for a tag or
 * category at least one published article. The archive's first page always exists.
 */
export function articleListPageExists(services: Services, scope: ArticleListScope, page: number): boolean {
  const total = services.publicArticles.list(filtersOfScope(scope)).length;
  if (total === 0) return scope.kind === 'all' && page === 1;
  return page <= Math.ceil(total / ARTICLE_LIST_PAGE_SIZE);
}

/** One page of `/articles`, `/tags/{tag}` or `/categories/{category}`, as `GET /api/articles` pages it. */
export function articleListSnapshot(services: Services, scope: ArticleListScope, page: number): PublicPageSnapshot {
  const articles = services.publicArticles;
  const all = articles.list(filtersOfScope(scope));
  const start = (page - 1) * ARTICLE_LIST_PAGE_SIZE;
  return {
    ...baseSnapshot(services),
    articleListPage: {
      scope,
      list: {
        articles: articles.presentList(all.slice(start, start + ARTICLE_LIST_PAGE_SIZE)),
        total: all.length,
        pages: Math.ceil(all.length / ARTICLE_LIST_PAGE_SIZE),
        current_page: page,
        per_page: ARTICLE_LIST_PAGE_SIZE,
      },
    },
  };
}

/** A page that needs only the layout's data (the 404 page). */
export function layoutSnapshot(services: Services): PublicPageSnapshot {
  return baseSnapshot(services);
}
