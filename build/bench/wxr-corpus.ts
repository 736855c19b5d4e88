/**
 * A WordPress 6 export (WXR 1.2) of a big old blog for the blog-import bench (server/API.md §E21):
 * block and classic posts with code, tables, lists, images and shortcodes, a few pages, drafts and
 * scheduled posts, and threaded comments (4 a post on average, some pending, some pingbacks).
 * Deterministic: the same arguments give the same bytes. The images point at a literal loopback
 * address, which the import refuses at once without `IMPORT_ALLOW_PRIVATE_HOSTS`: the bench
 * measures the import, images aside.
 */

/** A small deterministic generator (mulberry32), so every run writes the same export. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SITE = 'https://old-blog.example.com';
/** Refused as a private address before any connection: images fail at once, as the bench wants. */
const IMAGE_HOST = 'http://127.0.0.1:9';

const CATEGORIES = ['技术', '随笔', '生活', '读书', '旅行', '前端', '后端'];
const TAGS = ['JavaScript', 'TypeScript', 'Go', 'Rust', 'Linux', 'Docker', '数据库', '算法', '摄影', '咖啡', 'C++', 'Python'];
const SENTENCES = [
  '在实际项目中，我们往往需要在开发效率和运行效率之间做出权衡。',
  '这篇文章记录了我在重构旧系统时踩过的坑，以及最后采用的方案。',
  '先从一个最小可复现的例子开始，再逐步加入真实场景中的约束。',
  '线上问题往往出现在边界条件里，所以监控和告警同样重要。',
  '周末去了趟海边，天气很好，拍了不少照片。',
  'The trade-off here is between latency at the tail and throughput on average.',
  'A small, boring design usually survives longer than a clever one.',
  '如果只看基准测试的数字，很容易忽略长尾延迟带来的影响。',
];
const CODE = [
  'const greet = (name) =&gt; `你好，${name}`;\nif (items.length &lt; 10) console.log(items.map((x) =&gt; x * 2));',
  'func worker(jobs &lt;-chan Job, results chan&lt;- Result) {\n\tfor job := range jobs {\n\t\tresults &lt;- job.Run()\n\t}\n}',
  'SELECT id, title FROM posts WHERE status = &#039;publish&#039; ORDER BY created_at DESC LIMIT 10;',
];
const AUTHORS = ['张三', '李四', '王五', 'Alice', 'Bob', '路人甲', '小明', 'Chen Wei'];
const COMMENTS = [
  '写得真好，学到了！',
  '请问第二段代码在 Node 20 下也能跑吗？',
  '同意楼上的看法，<strong>监控</strong>确实重要。',
  'Thanks, this saved me an afternoon.',
  '照片好美，是哪个海边？',
  '有个小错别字：“权衡”写成了“全衡”。\n不过不影响阅读。',
];

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD HH:MM:SS` for WordPress's date fields. */
const wpDate = (time: Date) =>
  `${time.getUTCFullYear()}-${pad(time.getUTCMonth() + 1)}-${pad(time.getUTCDate())} ${pad(time.getUTCHours())}:${pad(time.getUTCMinutes())}:${pad(time.getUTCSeconds())}`;
const cdata = (text: string) => `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

function paragraphs(random: () => number, count: number): string[] {
  return Array.from({ length: count }, () =>
    Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(random, SENTENCES)).join(''),
  );
}

/** A block-editor body: paragraphs, a heading, code, a table, a list, sometimes an image. */
function blockBody(random: () => number, n: number): string {
  const parts: string[] = [];
  const text = paragraphs(random, 3 + Math.floor(random() * 3));
  parts.push(`<!-- wp:paragraph -->\n<p>${text[0]} <a href="${SITE}/about/">关于我</a></p>\n<!-- /wp:paragraph -->`);
  parts.push('<!-- wp:more -->\n<!--more-->\n<!-- /wp:more -->');
  parts.push(`<!-- wp:heading -->\n<h2 class="wp-block-heading">第 ${n} 篇的要点</h2>\n<!-- /wp:heading -->`);
  for (const paragraph of text.slice(1)) parts.push(`<!-- wp:paragraph -->\n<p>${paragraph}</p>\n<!-- /wp:paragraph -->`);
  if (random() < 0.6) {
    parts.push(
      `<!-- wp:code -->\n<pre class="wp-block-code"><code lang="javascript" class="language-javascript">${pick(random, CODE)}</code></pre>\n<!-- /wp:code -->`,
    );
  }
  if (random() < 0.4) {
    parts.push(
      `<!-- wp:table -->\n<figure class="wp-block-table"><table><thead><tr><th>语言</th><th>年份</th></tr></thead><tbody><tr><td>JavaScript</td><td>1995</td></tr><tr><td>Rust</td><td>${2000 + (n % 25)}</td></tr></tbody></table></figure>\n<!-- /wp:table -->`,
    );
  }
  if (random() < 0.4) {
    parts.push(
      '<!-- wp:list -->\n<ul><!-- wp:list-item -->\n<li>第一项</li>\n<!-- /wp:list-item -->\n\n<!-- wp:list-item -->\n<li><s>删掉的</s>第二项</li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->',
    );
  }
  if (random() < 0.35) {
    const image = `${IMAGE_HOST}/wp-content/uploads/2020/${pad(1 + (n % 12))}/photo-${n}-1024x683.jpg`;
    parts.push(
      `<!-- wp:image {"id":${100000 + n},"sizeSlug":"large"} -->\n<figure class="wp-block-image size-large"><img src="${image}" alt="照片 ${n}" class="wp-image-${100000 + n}"/><figcaption class="wp-element-caption">第 ${n} 张照片</figcaption></figure>\n<!-- /wp:image -->`,
    );
  }
  return parts.join('\n\n');
}

/** A classic-editor body: wpautop text, shortcodes, a <pre>, sometimes an image with a caption. */
function classicBody(random: () => number, n: number): string {
  const text = paragraphs(random, 3 + Math.floor(random() * 3));
  const parts = [text[0] ?? '', '<!--more-->', ...text.slice(1)];
  if (random() < 0.5) parts.push(`[code lang="js"]${pick(random, CODE)}[/code]`);
  if (random() < 0.3) {
    const image = `${IMAGE_HOST}/wp-content/uploads/2019/${pad(1 + (n % 12))}/old-${n}.jpg`;
    parts.push(
      `[caption id="attachment_${200000 + n}" align="aligncenter" width="640"]<img src="${image}" alt="旧照片" width="640" height="480" /> 旧照片[/caption]`,
    );
  }
  if (random() < 0.2) parts.push('<table><tr><td>早餐</td><td>豆浆</td></tr><tr><td>午餐</td><td>面条</td></tr></table>');
  if (random() < 0.2) parts.push('[unknown_plugin foo="bar"]插件留下的内容[/unknown_plugin]');
  return parts.join('\n\n');
}

function commentXml(random: () => number, id: number, parent: number, time: Date): string {
  const author = pick(random, AUTHORS);
  const pingback = random() < 0.03;
  const approved = random() < 0.92 ? '1' : '0';
  const meta =
    random() < 0.2
      ? `\n\t\t\t<wp:commentmeta><wp:meta_key>${cdata('akismet_result')}</wp:meta_key><wp:meta_value>${cdata('false')}</wp:meta_value></wp:commentmeta>`
      : '';
  return `
		<wp:comment><wp:comment_id>${id}</wp:comment_id><wp:comment_author>${cdata(author)}</wp:comment_author><wp:comment_author_email>${cdata(`reader${id % 997}@example.com`)}</wp:comment_author_email><wp:comment_author_url>https://reader${id % 97}.example.org</wp:comment_author_url><wp:comment_author_IP>${cdata(`203.0.113.${id % 250}`)}</wp:comment_author_IP><wp:comment_date>${cdata(wpDate(new Date(time.getTime() + 8 * 3600_000)))}</wp:comment_date><wp:comment_date_gmt>${cdata(wpDate(time))}</wp:comment_date_gmt><wp:comment_content>${cdata(random() < 0.3 ? `${pick(random, COMMENTS)}\n${pick(random, SENTENCES)}` : pick(random, COMMENTS))}</wp:comment_content><wp:comment_approved>${cdata(approved)}</wp:comment_approved><wp:comment_type>${cdata(pingback ? 'pingback' : 'comment')}</wp:comment_type><wp:comment_parent>${parent}</wp:comment_parent><wp:comment_user_id>0</wp:comment_user_id>${meta}</wp:comment>`;
}

export interface WxrCorpus {
  /** The export's pieces, in order; joined they are the file. */
  pieces: string[];
  bytes: number;
  posts: number;
  comments: number;
}

/**
 * `posts` items (about 1 in 50 a page, 1 in 40 a draft, 1 in 100 scheduled, the rest published;
 * half block, half classic) and, on average, `commentsPerPost` comments each, a third of them replies.
 */
export function wxrCorpus(posts = 5000, commentsPerPost = 4, seed = 20261129): WxrCorpus {
  const random = createRandom(seed);
  const pieces: string[] = [];
  pieces.push(`<?xml version="1.0" encoding="UTF-8" ?>
<!-- This is a WordPress eXtended RSS file generated by WordPress as an export of your site. -->
<!-- generator="WordPress/6.4.2" created="2024-01-05 08:00" -->
<rss version="2.0"
	xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/"
	xmlns:content="http://purl.org/rss/1.0/modules/content/"
	xmlns:wfw="http://wellformedness.com/wfw/"
	xmlns:dc="http://purl.org/dc/elements/1.1/"
	xmlns:wp="http://wordpress.org/export/1.2/"
>

<channel>
	<title>旧博客</title>
	<link>${SITE}</link>
	<description>十年的代码与生活</description>
	<pubDate>Fri, 05 Jan 2024 08:00:00 +0000</pubDate>
	<language>zh-CN</language>
	<wp:wxr_version>1.2</wp:wxr_version>
	<wp:base_site_url>${SITE}</wp:base_site_url>
	<wp:base_blog_url>${SITE}</wp:base_blog_url>
	<wp:author><wp:author_id>1</wp:author_id><wp:author_login>${cdata('admin')}</wp:author_login><wp:author_email>${cdata('owner@example.com')}</wp:author_email><wp:author_display_name>${cdata('博主')}</wp:author_display_name><wp:author_first_name>${cdata('')}</wp:author_first_name><wp:author_last_name>${cdata('')}</wp:author_last_name></wp:author>
${CATEGORIES.map((name, index) => `	<wp:category><wp:term_id>${index + 1}</wp:term_id><wp:category_nicename>${cdata(`cat-${index + 1}`)}</wp:category_nicename><wp:category_parent>${cdata('')}</wp:category_parent><wp:cat_name>${cdata(name)}</wp:cat_name></wp:category>`).join('\n')}
${TAGS.map((name, index) => `	<wp:tag><wp:term_id>${100 + index}</wp:term_id><wp:tag_slug>${cdata(`tag-${index + 1}`)}</wp:tag_slug><wp:tag_name>${cdata(name.replace('&', '&amp;'))}</wp:tag_name></wp:tag>`).join('\n')}
	<generator>https://wordpress.org/?v=6.4.2</generator>
`);
  const first = Date.UTC(2014, 0, 1);
  const span = Date.UTC(2024, 0, 1) - first;
  let commentId = 0;
  let comments = 0;
  for (let n = 1; n <= posts; n += 1) {
    const postId = n * 3;
    const published = new Date(first + Math.floor((span * n) / posts) + Math.floor(random() * 3600_000));
    const roll = random();
    const kind = roll < 0.02 ? 'page' : 'post';
    const status = roll > 0.99 ? 'future' : roll > 0.965 ? 'draft' : 'publish';
    const when = status === 'future' ? new Date(Date.UTC(2030, 0, 1) + n * 60_000) : published;
    const block = random() < 0.5;
    const slug = random() < 0.1 ? encodeURIComponent(`第${n}篇`).toLowerCase() : `post-${n}-notes`;
    const title = `${pick(random, ['笔记', '随想', '踩坑记录', 'Notes on'])} ${n}：${pick(random, SENTENCES).slice(0, 14)}`;
    const category = pick(random, CATEGORIES);
    const tags = [pick(random, TAGS), pick(random, TAGS)];
    const body = block ? blockBody(random, n) : classicBody(random, n);
    const link =
      kind === 'page' ? `${SITE}/${slug}/` : `${SITE}/${published.getUTCFullYear()}/${pad(published.getUTCMonth() + 1)}/${slug}/`;
    let item = `
	<item>
		<title>${cdata(title)}</title>
		<link>${link}</link>
		<pubDate>${published.toUTCString().replace('GMT', '+0000')}</pubDate>
		<dc:creator>${cdata('admin')}</dc:creator>
		<guid isPermaLink="false">${SITE}/?p=${postId}</guid>
		<description></description>
		<content:encoded>${cdata(body)}</content:encoded>
		<excerpt:encoded>${cdata(random() < 0.3 ? `第 ${n} 篇的<strong>摘要</strong> &amp; 说明` : '')}</excerpt:encoded>
		<wp:post_id>${postId}</wp:post_id>
		<wp:post_date>${cdata(wpDate(new Date(when.getTime() + 8 * 3600_000)))}</wp:post_date>
		<wp:post_date_gmt>${cdata(status === 'draft' ? '0000-00-00 00:00:00' : wpDate(when))}</wp:post_date_gmt>
		<wp:post_modified>${cdata(wpDate(new Date(when.getTime() + 9 * 3600_000)))}</wp:post_modified>
		<wp:post_modified_gmt>${cdata(wpDate(new Date(when.getTime() + 3600_000)))}</wp:post_modified_gmt>
		<wp:comment_status>${cdata('open')}</wp:comment_status>
		<wp:ping_status>${cdata('open')}</wp:ping_status>
		<wp:post_name>${cdata(slug)}</wp:post_name>
		<wp:status>${cdata(status)}</wp:status>
		<wp:post_parent>0</wp:post_parent>
		<wp:menu_order>0</wp:menu_order>
		<wp:post_type>${cdata(kind)}</wp:post_type>
		<wp:post_password>${cdata('')}</wp:post_password>
		<wp:is_sticky>0</wp:is_sticky>
		<category domain="category" nicename="cat-${CATEGORIES.indexOf(category) + 1}">${cdata(category)}</category>
${tags.map((tag) => `		<category domain="post_tag" nicename="tag-${TAGS.indexOf(tag) + 1}">${cdata(tag)}</category>`).join('\n')}
		<wp:postmeta><wp:meta_key>${cdata('_edit_last')}</wp:meta_key><wp:meta_value>${cdata('1')}</wp:meta_value></wp:postmeta>`;
    // 0 to 8 comments, 4 on average; a third answer an earlier one of the same post.
    const count = status === 'publish' ? Math.floor(random() * (2 * commentsPerPost + 1.5)) : 0;
    const ids: number[] = [];
    for (let c = 0; c < count; c += 1) {
      commentId += 1;
      const parent = ids.length > 0 && random() < 0.33 ? pick(random, ids) : 0;
      item += commentXml(random, commentId, parent, new Date(published.getTime() + (c + 1) * 3_600_000));
      ids.push(commentId);
    }
    comments += count;
    pieces.push(`${item}\n\t</item>`);
  }
  pieces.push('\n</channel>\n</rss>\n');
  const bytes = pieces.reduce((total, piece) => total + Buffer.byteLength(piece), 0);
  return { pieces, bytes, posts, comments };
}
