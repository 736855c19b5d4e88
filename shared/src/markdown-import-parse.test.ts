import { describe, expect, it } from 'vitest';
import { markdownAsPlainText, parseForImport } from './markdown-import-parse.js';

describe('parseForImport: the import rule the desktop and the static-site import share', () => {
  it('takes the text before <!-- more --> as the summary and leaves the mark out of the body', () => {
    const text = [
      '---',
      'title: 长文',
      '---',
      '第一段，**重点**和[链接](https://a.example)。',
      '',
      '<!-- more -->',
      '',
      '后文。',
    ].join('\n');
    const { parsed } = parseForImport(text, 'source/_posts/long.md');
    expect(parsed.summary).toBe('第一段，重点和链接。');
    expect(parsed.content).toBe('第一段，**重点**和[链接](https://a.example)。\n\n后文。');
  });

  it("reads Hugo's <!--more--> too, and a summary written in the front matter wins", () => {
    const text = ['+++', 'title = "T"', 'description = "写好的摘要"', '+++', 'Intro.', '<!--more-->', 'Rest.'].join('\n');
    const { parsed } = parseForImport(text, 'content/posts/t.md');
    expect(parsed.summary).toBe('写好的摘要');
    expect(parsed.content).toBe('Intro.\n\nRest.');
  });

  it('leaves a <!-- more --> inside a code fence where it is', () => {
    const body = ['```html', '<!-- more -->', '```', 'After.'].join('\n');
    const { parsed } = parseForImport(`---\ntitle: T\n---\n${body}`, 'a.md');
    expect(parsed.content).toBe(body);
    expect(parsed.summary).toBe('');
  });

  it('dates and titles a Jekyll post from its file name when the front matter does not', () => {
    const { parsed } = parseForImport('---\nlayout: post\n---\nBody.', '_posts/2019-03-04-first-post.md');
    expect(parsed.date).toBe('2019-03-04T00:00:00Z');
    expect(parsed.title).toBe('first-post');
  });

  it('keeps the front-matter date over the file name', () => {
    const { parsed } = parseForImport('---\ntitle: T\ndate: 2020-01-02 10:00:00\n---\nBody.', '_posts/2019-03-04-t.md');
    expect(parsed.date).toBe('2020-01-02T10:00:00Z');
  });

  it("reads Jekyll's date with a space before its offset", () => {
    const { parsed, notes } = parseForImport('---\ntitle: T\ndate: 2019-03-04 09:30:00 +0800\n---\nB', '_posts/2019-03-04-t.md');
    expect(parsed.date).toBe('2019-03-04T01:30:00Z');
    expect(notes).toEqual([]);
  });

  it('reads the addresses a static site gives the post: slug, url, aliases, permalink', () => {
    const hugo = [
      '---',
      'title: T',
      'slug: my-slug',
      'url: /custom/path/',
      'aliases: [/old/one/, /old/two/]',
      'draft: true',
      '---',
      'B',
    ];
    const read = parseForImport(hugo.join('\n'), 'content/posts/t.md');
    expect(read.address).toEqual({ slug: 'my-slug', url: '/custom/path/', permalink: '', aliases: ['/old/one/', '/old/two/'] });
    expect(read.parsed.draft).toBe(true);
    const jekyll = parseForImport('---\ntitle: T\npermalink: /about-me/\npublished: false\n---\nB', '_posts/2020-01-01-t.md');
    expect(jekyll.address.permalink).toBe('/about-me/');
    expect(jekyll.parsed.draft).toBe(true);
  });

  it('keeps the body of broken front matter, with the note, and still reads its <!-- more -->', () => {
    const read = parseForImport('---\ntitle: [broken\n---\nLead.\n<!-- more -->\nRest.', '2023-05-06-x.md');
    expect(read.frontMatterBroken).toBe(true);
    expect(read.parsed.title).toBe('x');
    expect(read.parsed.date).toBe('2023-05-06T00:00:00Z');
    expect(read.parsed.content).toBe('Lead.\n\nRest.');
    expect(read.parsed.summary).toBe('Lead.');
  });
});

describe('markdownAsPlainText', () => {
  it('drops code, images and HTML, keeps link text, one paragraph a line', () => {
    const markdown = [
      '## 标题',
      '',
      '![图](a.png) 文字 <b>粗</b> [链](u)',
      '',
      '```js',
      'code()',
      '```',
      '',
      '> 引用',
      '',
      '- 项',
    ].join('\n');
    expect(markdownAsPlainText(markdown)).toBe('标题\n文字 粗 链\n引用\n项');
  });

  it('cuts at the summary limit with an ellipsis', () => {
    const cut = markdownAsPlainText('字'.repeat(1500));
    expect([...cut]).toHaveLength(1000);
    expect(cut.endsWith('…')).toBe(true);
  });
});
