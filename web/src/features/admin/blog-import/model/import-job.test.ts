import { describe, expect, it } from 'vitest';
import { emptyBlogImportReport } from '@folio/shared';
import type { BlogImportJob, BlogImportReport } from '@folio/shared';
import { addedNothing, capList, importOptionsFrom, laterJob, phaseViews } from './import-job';

const emptyReport = (fields: Partial<BlogImportReport> = {}): BlogImportReport =>
  emptyBlogImportReport({ format: 'wordpress', ...fields });

const buildJob = (fields: Partial<BlogImportJob> = {}): BlogImportJob => ({
  id: 'job-1',
  status: 'running',
  phase: 'articles',
  done: 3,
  total: 10,
  phases: [
    { phase: 'reading', done: 1, total: 1 },
    { phase: 'articles', done: 3, total: 10 },
  ],
  error: null,
  report: emptyReport(),
  started_at: '2026-11-29T09:00:00.000Z',
  finished_at: null,
  ...fields,
});

describe('importOptionsFrom', () => {
  it('sends only the fields the owner filled in, trimmed', () => {
    expect(importOptionsFrom({ siteUrl: ' https://old.example.com ', pagesCategory: '  ', permalink: '' })).toEqual({
      site_url: 'https://old.example.com',
    });
    expect(importOptionsFrom({ siteUrl: '', pagesCategory: '页面', permalink: '/:year/:title/' })).toEqual({
      pages_category: '页面',
      permalink: '/:year/:title/',
    });
  });
});

describe('laterJob', () => {
  it('keeps the shown snapshot when a late answer is behind it', () => {
    const ahead = buildJob({ phase: 'comments', done: 2, total: 40 });
    expect(laterJob(ahead, buildJob())).toBe(ahead);
    const moreDone = buildJob({ done: 7 });
    expect(laterJob(moreDone, buildJob({ done: 5 }))).toBe(moreDone);
  });

  it('takes a snapshot further on, and never leaves an ended job for a running one', () => {
    const next = buildJob({ done: 4 });
    expect(laterJob(buildJob(), next)).toBe(next);
    const ended = buildJob({ status: 'cancelled' });
    expect(laterJob(buildJob({ done: 9 }), ended)).toBe(ended);
    expect(laterJob(ended, buildJob({ phase: 'redirects' }))).toBe(ended);
  });

  it('takes another job as it is', () => {
    const other = buildJob({ id: 'job-2', phase: 'reading', done: 0 });
    expect(laterJob(buildJob({ phase: 'images' }), other)).toBe(other);
  });
});

describe('phaseViews', () => {
  it('fills the phases passed, moves the current one and waits on the rest', () => {
    const views = phaseViews(buildJob());
    expect(views.map(({ phase, state, value, max }) => ({ phase, state, value, max }))).toEqual([
      { phase: 'reading', state: 'done', value: 1, max: 1 },
      { phase: 'articles', state: 'working', value: 3, max: 10 },
      { phase: 'comments', state: 'waiting', value: 0, max: 1 },
      { phase: 'images', state: 'waiting', value: 0, max: 1 },
      { phase: 'redirects', state: 'waiting', value: 0, max: 1 },
    ]);
  });

  it('shows a running phase without a total yet as indeterminate, and a succeeded job full', () => {
    expect(phaseViews(buildJob({ phase: 'reading', done: 0, total: 0, phases: [] }))[0]).toMatchObject({
      state: 'working',
      value: undefined,
    });
    const finished = phaseViews(
      buildJob({
        status: 'succeeded',
        phase: 'redirects',
        phases: [
          { phase: 'reading', done: 1, total: 1 },
          { phase: 'articles', done: 10, total: 10 },
          { phase: 'comments', done: 0, total: 0 },
          { phase: 'images', done: 2, total: 2 },
          { phase: 'redirects', done: 12, total: 12 },
        ],
      }),
    );
    expect(finished.every((view) => view.state === 'done' && view.value === view.max)).toBe(true);
  });

  it('leaves the phase a cancelled job stopped in where it stopped', () => {
    const views = phaseViews(buildJob({ status: 'cancelled' }));
    expect(views[1]).toMatchObject({ state: 'waiting', value: 3, max: 10 });
  });
});

describe('capList and addedNothing', () => {
  it('shows the first items of a long list and counts the rest', () => {
    expect(capList([1, 2, 3], 5)).toEqual({ shown: [1, 2, 3], hidden: 0 });
    expect(capList([1, 2, 3, 4, 5, 6], 4)).toEqual({ shown: [1, 2, 3, 4], hidden: 2 });
  });

  it('says an import added nothing only when all it found was there before', () => {
    expect(addedNothing(emptyReport({ articles_already_present: 4, comments_already_present: 9 }))).toBe(true);
    expect(addedNothing(emptyReport({ articles_already_present: 4, comments_imported: 1 }))).toBe(false);
    expect(addedNothing(emptyReport())).toBe(false);
  });
});
