import { describe, expect, it } from 'vitest';
import {
  expandPermalink,
  hexoSlugize,
  JEKYLL_PERMALINK_STYLES,
  urlize,
} from '../../src/services/blog-import/static-site-permalinks.js';
import type { PermalinkValues } from '../../src/services/blog-import/static-site-permalinks.js';

const post: PermalinkValues = {
  date: '2020-05-07T23:04:05Z',
  title: 'hello-world',
  slug: 'hello',
  name: 'hello-world',
  filename: 'hello-world',
  section: 'posts',
  sections: ['posts', 'tech'],
  category: 'tech/web',
  categories: ['life', 'travel'],
  id: '42',
  outputExt: '.html',
};

describe('expandPermalink', () => {
  it.each([
    [':year/:month/:day/:title/', '/2020/05/07/hello-world/'],
    [':year/:i_month/:i_day/:name.html', '/2020/5/7/hello-world.html'],
    ['/:category/:title/', '/tech/web/hello-world/'],
    ['/:categories/:year/:month/:day/:title:output_ext', '/life/travel/2020/05/07/hello-world.html'],
    ['/:section/:slug/', '/posts/hello/'],
    ['/:sections/:filename/', '/posts/tech/hello-world/'],
    ['/:slugorfilename/', '/hello/'],
    ['/archives/:id/', '/archives/42/'],
    ['/:year/:hour:minute:second/', '/2020/230405/'],
    ['/:short_year/:y_day/:title', '/20/128/hello-world'],
    ['/posts/:unknown/', '/posts/:unknown/'],
  ])('%s -> %s', (pattern, address) => {
    expect(expandPermalink(pattern, post)).toBe(address);
  });

  it('leaves no doubled slash where a token is empty', () => {
    expect(expandPermalink(JEKYLL_PERMALINK_STYLES.date ?? '', { ...post, categories: [] })).toBe('/2020/05/07/hello-world.html');
  });

  it('gives no address from a dated pattern for a post without a date', () => {
    expect(expandPermalink(':year/:title/', { ...post, date: undefined })).toBeNull();
    expect(expandPermalink('/:section/:title/', { ...post, date: undefined })).toBe('/posts/hello-world/');
  });

  it.each([
    ['pretty', '/life/travel/2020/05/07/hello-world/'],
    ['none', '/life/travel/hello-world.html'],
    ['ordinal', '/life/travel/2020/128/hello-world.html'],
    ['weekdate', '/life/travel/2020/W19/Thu/hello-world.html'],
  ])("Jekyll's %s style", (style, address) => {
    expect(expandPermalink(JEKYLL_PERMALINK_STYLES[style] ?? '', post)).toBe(address);
  });
});

describe('slugs as the generators make them', () => {
  it.each([
    ['Hello, World!', 'hello-world'],
    ['  Go 并发 模式 ', 'go-并发-模式'],
  ])("Hugo's urlize(%j)", (title, slug) => {
    expect(urlize(title)).toBe(slug);
  });

  it("Hexo's slugize keeps case and joins words with -", () => {
    expect(hexoSlugize('Web Dev & Tools')).toBe('Web-Dev-Tools');
    expect(hexoSlugize('前端')).toBe('前端');
  });
});
