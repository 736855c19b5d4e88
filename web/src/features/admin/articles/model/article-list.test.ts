import { describe, expect, it } from 'vitest';
import { ADMIN_ARTICLES_PAGE_SIZE } from '@folio/shared';
import type { AdminArticleListItem } from '@folio/shared';
import type { ArticleListAction, ArticleListState } from './article-list';
import { articleListQuery, articleListReducer, initialArticleList } from './article-list';

function buildListItem(id: number): AdminArticleListItem {
  return {
    id,
    title: `文章${id}`,
    category: '',
    tags: '',
    summary: '',
    cover: '',
    views: 0,
    comment_count: 0,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    revision: 1,
  };
}

const rows = (...ids: number[]) => ids.map(buildListItem);

/** The state after `actions`, from the list as it first appears. */
const after = (...actions: ArticleListAction[]): ArticleListState => actions.reduce(articleListReducer, initialArticleList);

describe('admin article list state', () => {
  it('first asks for page 1 at the default page size with no search, loading and with nothing selected', () => {
    expect(articleListQuery(initialArticleList)).toEqual({ page: 1, perPage: ADMIN_ARTICLES_PAGE_SIZE, search: '' });
    expect(initialArticleList.loading).toBe(true);
    expect(initialArticleList.selected.size).toBe(0);
  });

  it('filters by status from page 1 and asks for every status again with 全部', () => {
    const paged = after({ type: 'loaded', articles: rows(1), total: 50 }, { type: 'pageChanged', page: 3 });
    const drafts = articleListReducer(paged, { type: 'statusFiltered', status: 'draft' });
    expect(articleListQuery(drafts)).toEqual({ page: 1, perPage: ADMIN_ARTICLES_PAGE_SIZE, search: '', status: 'draft' });
    const all = articleListReducer(drafts, { type: 'statusFiltered', status: 'all' });
    expect(articleListQuery(all)).not.toHaveProperty('status');
    expect(articleListReducer(all, { type: 'statusFiltered', status: 'all' })).toBe(all);
  });

  it('shows what a load answered and stops loading', () => {
    const state = after({ type: 'loadStarted' }, { type: 'loaded', articles: rows(1, 2), total: 12 });

    expect(state.articles.map((article) => article.id)).toEqual([1, 2]);
    expect(state.total).toBe(12);
    expect(state.loading).toBe(false);
  });

  it('goes back to page 1 for a new search or a new page size, keeping the other part of the query', () => {
    const paged = after({ type: 'loaded', articles: rows(1), total: 50 }, { type: 'pageChanged', page: 3 });
    expect(articleListQuery(paged).page).toBe(3);

    const searched = articleListReducer(paged, { type: 'searched', search: 'React' });
    expect(articleListQuery(searched)).toEqual({ page: 1, perPage: ADMIN_ARTICLES_PAGE_SIZE, search: 'React' });

    const resized = articleListReducer(articleListReducer(searched, { type: 'pageChanged', page: 2 }), {
      type: 'perPageChanged',
      perPage: 20,
    });
    expect(articleListQuery(resized)).toEqual({ page: 1, perPage: 20, search: 'React' });
  });

  it('leaves the query as it is when the same search is applied again on page 1, so nothing is fetched again', () => {
    const state = after({ type: 'searched', search: 'React' }, { type: 'loaded', articles: rows(1), total: 1 });
    expect(articleListReducer(state, { type: 'searched', search: 'React' })).toBe(state);
    expect(articleListReducer(state, { type: 'pageChanged', page: 1 })).toBe(state);
  });

  it('falls back to the last page that still has rows when deletions emptied the page shown', () => {
    const onPage3 = after({ type: 'loaded', articles: rows(1), total: 21 }, { type: 'pageChanged', page: 3 });

    const emptied = articleListReducer(onPage3, { type: 'loaded', articles: [], total: 20 });
    expect(articleListQuery(emptied).page).toBe(2);

    const allGone = articleListReducer(onPage3, { type: 'loaded', articles: [], total: 0 });
    expect(articleListQuery(allGone).page).toBe(1);
  });

  it('keeps the rows shown when a load fails, and stops loading', () => {
    const state = after({ type: 'loaded', articles: rows(1, 2), total: 2 }, { type: 'loadStarted' }, { type: 'loadFailed' });

    expect(state.articles.map((article) => article.id)).toEqual([1, 2]);
    expect(state.total).toBe(2);
    expect(state.loading).toBe(false);
  });

  it('keeps the selection across pages and searches, so one batch can span them', () => {
    const state = after(
      { type: 'loaded', articles: rows(1, 2), total: 30 },
      { type: 'selectionChanged', selected: new Set([1, 2]) },
      { type: 'pageChanged', page: 2 },
      { type: 'searched', search: 'Go' },
      { type: 'perPageChanged', perPage: 50 },
    );

    expect([...state.selected]).toEqual([1, 2]);
  });

  it('drops deleted articles from the selection and keeps the others', () => {
    const state = after({ type: 'selectionChanged', selected: new Set([1, 2, 3]) }, { type: 'deleted', ids: [2, 9] });
    expect([...state.selected].sort()).toEqual([1, 3]);

    const batch = articleListReducer(state, { type: 'deleted', ids: [1, 3] });
    expect(batch.selected.size).toBe(0);
  });
});
