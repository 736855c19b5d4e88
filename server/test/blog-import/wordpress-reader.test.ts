import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogImportOptions } from '@folio/shared';
import { BlogSourceError } from '../../src/services/blog-import/source.js';
import type { BlogSource, SourcePost } from '../../src/services/blog-import/source.js';
import { looksLikeWordPress, readWordPress } from '../../src/services/blog-import/wordpress-reader.js';
import { renderMarkdown } from '../../../web/src/lib/markdown/render-markdown.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/wordpress-6.xml', import.meta.url));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folio-wxr-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function read(
  file: string,
  options: BlogImportOptions = {},
  signal = new AbortController().signal,
  progress: (done: number, total: number) => void = () => undefined,
): Promise<BlogSource> {
  const { size } = await stat(file);
  return readWordPress({ path: file, size, options, progress, signal });
}

async function writeTemp(name: string, text: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, text);
  return file;
}

function post(source: BlogSource, title: string): SourcePost {
  const found = source.posts.find((candidate) => candidate.title === title);
  if (!found) throw new Error(`no post ${title}`);
  return found;
}

/** What a read may throw: the error itself, or null when it read. */
async function failure(reading: Promise<unknown>): Promise<unknown> {
  try {
    await reading;
    return null;
  } catch (error) {
    return error;
  }
}

describe('readWordPress on a WordPress 6 export', () => {
  let source: BlogSource;
  beforeAll(async () => {
    source = await read(FIXTURE);
  });

  it('reads every post and page, and nothing else', () => {
    expect(source.format).toBe('wordpress');
    expect(source.siteUrl).toBe('https://old.example.com');
    expect(source.posts.map((item) => [item.title, item.kind, item.status])).toEqual([
      ['你好，Gutenberg：代码与表格', 'post', 'published'],
      ['经典编辑器的文章', 'post', 'published'],
      ['定时发布的文章', 'post', 'scheduled'],
      ['私密文章', 'post', 'draft'],
      ['草稿文章', 'post', 'draft'],
      ['待审文章', 'post', 'draft'],
      ['关于我', 'page', 'published'],
    ]);
    expect(source.archivedImages.size).toBe(0);
  });

  it('counts what it left out, with the reasons in Chinese', () => {
    expect(source.skipped.map(({ reason, count }) => [reason, count])).toEqual([
      ['垃圾评论', 1],
      ['回收站中的评论', 1],
      ['Pingback 和 Trackback', 1],
      ['回收站中的文章', 1],
      ['自动草稿', 1],
      ['不是文章或页面（nav_menu_item）', 1],
      ['不是文章或页面（wp_block）', 1],
    ]);
    expect(source.skipped.find((skip) => skip.reason === '回收站中的文章')?.examples).toEqual(['已删除的文章']);
  });

  it('keeps dates in UTC: GMT dates as given, a missing one from the local date and the blog’s offset', () => {
    const block = post(source, '你好，Gutenberg：代码与表格');
    expect(block.publishedAt).toBe('2023-05-02T02:30:00.000Z');
    expect(block.modifiedAt).toBe('2023-06-01T01:00:00.000Z');
    // 0000-00-00 GMT: 20:00 at the blog's +08:00 (learnt from the posts that give both).
    expect(post(source, '经典编辑器的文章').publishedAt).toBe('2022-01-15T12:00:00.000Z');
    expect(post(source, '定时发布的文章').publishedAt).toBe('2030-01-01T01:00:00.000Z');
    expect(post(source, '草稿文章').publishedAt).toBeUndefined();
    expect(post(source, '私密文章').publishedAt).toBe('2023-08-01T04:00:00.000Z');
  });

  it('maps slug, excerpt, categories, tags (Folio’s rules), cover, source id and old addresses', () => {
    const block = post(source, '你好，Gutenberg：代码与表格');
    expect(block).toMatchObject({
      sourceId: 'https://old.example.com/?p=10',
      slug: 'hello-gutenberg',
      summary: '这是 摘要 & 说明',
      category: '技术',
      tags: ['随笔', 'JavaScript', '前端'],
      cover: 'https://old.example.com/wp-content/uploads/2023/05/cover.jpg',
      oldAddresses: ['https://old.example.com/2023/05/02/hello-gutenberg/', '/?p=10'],
    });
    // Term names are stored HTML-escaped: the warning names them as the owner wrote them.
    expect(source.warnings).toEqual([expect.stringContaining('标签「C++」'), expect.stringContaining('标签「读书 & 写作」')]);
    expect(post(source, '经典编辑器的文章').tags).toEqual(['旅行']);
    expect(post(source, '关于我').oldAddresses).toEqual(['https://old.example.com/about/', '/?page_id=40']);
    expect(post(source, '关于我').sourceId).toBe('https://old.example.com/?page_id=40');
  });

  it('keeps approved and pending comments threaded by their old ids, emails kept', () => {
    const comments = post(source, '你好，Gutenberg：代码与表格').comments;
    expect(comments.map((comment) => [comment.sourceId, comment.parentSourceId, comment.status])).toEqual([
      ['1', null, 'published'],
      ['2', '1', 'published'],
      ['3', '2', 'published'],
      ['4', null, 'pending'],
      // Its parent was spam, so it answers nobody.
      ['8', null, 'published'],
    ]);
    expect(comments[0]).toMatchObject({
      author: '张三',
      email: 'zhang@example.com',
      createdAt: '2023-05-03T01:15:00.000Z',
      content: '第一条评论！  \n**很棒**的文章。',
    });
  });

  it('leaves no block comment, shortcode nor HTML in any body (code blocks show what their author wrote)', () => {
    for (const item of source.posts) {
      const prose = item.content.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
      expect(prose).not.toMatch(/<!--|-->/);
      expect(prose).not.toMatch(/\[\/?(?:caption|gallery|embed|code|toc|su_note)\b/);
      expect(prose).not.toMatch(/<\/?(?:p|div|figure|script|img|pre)\b/);
    }
  });

  it('turns a block post into Markdown with its code language, table, image and caption', () => {
    const content = post(source, '你好，Gutenberg：代码与表格').content;
    expect(content).toContain(
      "```javascript\nconst greet = (name) => `你好，${name}`;\nif (greet('世界').length < 10) console.log('[gallery] 不是短代码');\n```",
    );
    expect(content).toContain('| 语言 | 年份 |\n| --- | --- |\n| JavaScript | 1995 |\n| Rust | 2015 |');
    expect(content).toContain('![港口](https://old.example.com/wp-content/uploads/2023/05/harbor-1024x683.jpg)\n\n_港口的清晨_');
    expect(content).toContain('[关于我](https://old.example.com/about/)');
    expect(content).toContain('[https://www.youtube.com/watch?v=dQw4w9WgXcQ](https://www.youtube.com/watch?v=dQw4w9WgXcQ)');
    expect(content).not.toContain('统计代码');
    // The reusable block it shows comes later in the file.
    expect(content.endsWith('~~删掉的~~第二项\n\n—— 博主')).toBe(true);
  });

  it('turns a classic post’s blank lines into paragraphs and its shortcodes into what they showed', () => {
    const content = post(source, '经典编辑器的文章').content;
    expect(content.startsWith('这是经典编辑器写的第一段，  \n它的第二行只用换行分开。\n\n第二段，')).toBe(true);
    expect(content).toContain(
      '[![港口](https://old.example.com/wp-content/uploads/2023/05/harbor-300x200.jpg)](https://old.example.com/wp-content/uploads/2023/05/harbor.jpg)\n\n_旧港口的黄昏_',
    );
    // The gallery's attachments come after the post in the file.
    expect(content).toContain(
      '![山](https://old.example.com/wp-content/uploads/2022/01/mountain.jpg)\n\n_远处的山_\n\n![](https://old.example.com/wp-content/uploads/2022/01/lake.jpg)',
    );
    expect(content).toContain('[https://www.youtube.com/watch?v=classic1](https://www.youtube.com/watch?v=classic1)');
    expect(content).toContain('[https://twitter.com/example/status/1234567890](https://twitter.com/example/status/1234567890)');
    expect(content).toContain('```php\n<?php\necho "<p>你好</p>";\nif ($a && $b) { return; }\n```');
    expect(content).toContain('\n\n这段提示来自一个插件的短代码。\n\n');
    expect(content).toContain('-   经典列表一\n-   经典列表二\n\n结尾一段。');
  });

  it('gives Markdown that Folio’s page renderer shows with its table, highlighted code and figure image', () => {
    const html = renderMarkdown(post(source, '你好，Gutenberg：代码与表格').content);
    expect(html).toMatch(/<pre class="language-javascript"><code class="language-javascript">/);
    expect(html).toMatch(/<table>\s*<thead>\s*<tr>\s*<th>语言<\/th>/);
    expect(html).toContain('<img src="https://old.example.com/wp-content/uploads/2023/05/harbor-1024x683.jpg" alt="港口"');
    expect(html).toContain('<em>港口的清晨</em>');
    expect(html).toContain('<s>删掉的</s>');
    // No HTML of the old page shown as text.
    expect(html).not.toMatch(/&lt;\/?(?:p|div|figure|img|script|!--)/);
    const classic = renderMarkdown(post(source, '经典编辑器的文章').content);
    expect(classic).toContain('<p>这是经典编辑器写的第一段，<br>');
    expect(classic).toMatch(/<pre class="language-php"><code class="language-php">/);
    expect(classic).toContain('<img src="https://old.example.com/wp-content/uploads/2022/01/mountain.jpg" alt="山"');
  });

  it('takes the owner’s site_url over the one the file gives', async () => {
    const owned = await read(FIXTURE, { site_url: 'https://blog.example.org/' });
    expect(owned.siteUrl).toBe('https://blog.example.org');
    expect(post(owned, '你好，Gutenberg：代码与表格').content).toContain('[关于我](https://blog.example.org/about/)');
  });

  it('tells its progress in bytes of the file', async () => {
    const calls: [number, number][] = [];
    await read(FIXTURE, {}, new AbortController().signal, (done, total) => calls.push([done, total]));
    const { size } = await stat(FIXTURE);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.at(-1)).toEqual([size, size]);
  });
});

describe('readWordPress refusing a file', () => {
  it('refuses XML that breaks halfway, naming the line, and gives no partial result', async () => {
    const text = await readFile(FIXTURE, 'utf8');
    const lines = text.split('\n');
    const broken = lines.findIndex((line) => line.includes('<wp:post_name><![CDATA[private-note]]></wp:post_name>'));
    lines[broken] = '\t\t<wp:post_name><![CDATA[private-note]]></wp:post_nam>';
    const error = await failure(read(await writeTemp('broken.xml', lines.join('\n'))));
    expect(error).toBeInstanceOf(BlogSourceError);
    expect((error as Error).message).toContain(`第 ${broken + 1} 行`);
    expect((error as Error).message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('refuses an export cut off in the middle', async () => {
    const text = await readFile(FIXTURE, 'utf8');
    const error = await failure(read(await writeTemp('cut.xml', text.slice(0, Math.floor(text.length / 2)))));
    expect(error).toBeInstanceOf(BlogSourceError);
    expect((error as Error).message).toContain('不是完整的 XML');
  });

  it('refuses XML that is not a WordPress export, and files that are not XML', async () => {
    const rss = await writeTemp(
      'feed.xml',
      '<?xml version="1.0"?><rss version="2.0"><channel><title>别的站</title><item><title>一篇</title></item></channel></rss>',
    );
    const json = await writeTemp('ghost.json', '{"db":[{"data":{"posts":[]}}]}');
    for (const file of [rss, json]) {
      const error = await failure(read(file));
      expect(error).toBeInstanceOf(BlogSourceError);
      expect((error as Error).message).toContain('不是 WordPress 导出的 WXR 文件');
    }
  });

  it('stops when aborted, with the signal’s reason', async () => {
    const before = new AbortController();
    const reason = new Error('取消了');
    before.abort(reason);
    expect(await failure(read(FIXTURE, {}, before.signal))).toBe(reason);

    const during = new AbortController();
    const midway = new Error('读到一半取消');
    const error = await failure(read(FIXTURE, {}, during.signal, () => during.abort(midway)));
    expect(error).toBe(midway);
  });
});

describe('looksLikeWordPress', () => {
  it('knows a WordPress export by its opening, not its name', async () => {
    const head = (await readFile(FIXTURE, 'utf8')).slice(0, 1024);
    expect(looksLikeWordPress(head)).toBe(true);
    expect(looksLikeWordPress('<?xml version="1.0"?>\n<rss version="2.0" xmlns:wp="http://wordpress.org/export/1.1/">')).toBe(
      true,
    );
    expect(looksLikeWordPress('<?xml version="1.0"?><rss version="2.0"><channel><title>RSS</title>')).toBe(false);
    expect(looksLikeWordPress('{"db":[{"meta":{"version":"5.80.0"}}], "note": "WordPress eXtended RSS"}')).toBe(false);
  });
});
