import { describe, expect, it } from 'vitest';
import { htmlToMarkdown } from '../../src/services/blog-import/html-to-markdown.js';
import { renderMarkdown } from '../../../web/src/lib/markdown/render-markdown.js';

describe('htmlToMarkdown', () => {
  it('keeps the language of a code block however the old blog marked it', () => {
    const cases: [string, string][] = [
      ['<pre><code class="language-js">let a = 1;</code></pre>', 'javascript'],
      ['<pre class="wp-block-code"><code lang="python">print(1)</code></pre>', 'python'],
      ['<pre class="brush: php; title: ; notranslate">echo 1;</pre>', 'php'],
      ['<pre class="line-numbers language-rust"><code>fn main() {}</code></pre>', 'rust'],
      ['<pre><code class="hljs go">package main</code></pre>', 'go'],
      ['<div class="highlight highlight-source-ruby"><pre>puts 1</pre></div>', 'ruby'],
    ];
    for (const [html, language] of cases) {
      expect(htmlToMarkdown(html)).toMatch(new RegExp(`^\`\`\`${language}\\n`));
    }
  });

  it('keeps code text exactly, entities decoded, with a fence longer than any backticks in it', () => {
    const markdown = htmlToMarkdown('<pre><code class="language-md">a &lt; b &amp;&amp; ```x```<br>next</code></pre>');
    expect(markdown).toBe('````md\na < b && ```x```\nnext\n````');
  });

  it('writes tables as GFM tables, a table without heading gets an empty one, cells on one line', () => {
    expect(
      htmlToMarkdown(
        '<table><thead><tr><th>名称</th><th>值</th></tr></thead><tbody><tr><td>a|b</td><td>1<br>2</td></tr></tbody></table>',
      ),
    ).toBe('| 名称 | 值 |\n| --- | --- |\n| a\\|b | 1 2 |');
    expect(htmlToMarkdown('<table><tr><td>甲</td><td><ul><li>一</li><li>二</li></ul></td></tr></table>')).toBe(
      '|   |   |\n| --- | --- |\n| 甲 | • 一 • 二 |',
    );
  });

  it('keeps a verse’s line breaks as prose, not code', () => {
    expect(htmlToMarkdown('<pre class="wp-block-verse">床前明月光，\n疑是地上霜。</pre>')).toBe('床前明月光，  \n疑是地上霜。');
  });

  it('writes strikethrough and a figure as its image followed by its caption in italics', () => {
    expect(htmlToMarkdown('<p><del>旧</del>新</p>')).toBe('~~旧~~新');
    expect(htmlToMarkdown('<figure><img src="/a.jpg" alt="图"><figcaption>说明 <b>文字</b></figcaption></figure>')).toBe(
      '![图](/a.jpg)\n\n_说明 **文字**_',
    );
  });

  it('keeps emphasis inside a caption without closing the caption early', () => {
    const markdown = htmlToMarkdown('<figure><img src="/a.png" alt=""><figcaption>The <em>diagram</em> 图</figcaption></figure>');
    expect(renderMarkdown(markdown)).toContain('<em>The <em>diagram</em> 图</em>');
  });

  it('resolves relative links and images against the old site, and only when it is known', () => {
    const html = '<p><a href="/about/">关于</a> <img src="uploads/a b.png" alt=""> <a href="#top">顶</a></p>';
    expect(htmlToMarkdown(html, { baseUrl: 'https://old.example.com/blog/' })).toBe(
      '[关于](https://old.example.com/about/) ![](https://old.example.com/blog/uploads/a%20b.png) [顶](#top)',
    );
    expect(htmlToMarkdown(html)).toBe('[关于](/about/) ![](uploads/a%20b.png) [顶](#top)');
  });

  it('turns iframes and players into links, and leaves no comment, script, style or raw HTML', () => {
    const markdown = htmlToMarkdown(
      '<!-- wp:html --><iframe src="https://www.youtube.com/embed/x" title="视频"></iframe>' +
        '<video controls><source src="/v.mp4"></video><script>alert(1)</script><style>p{}</style>' +
        '<p onclick="x()"><span style="color:red">红</span><a href="javascript:alert(1)">坏链接</a></p><!-- /wp:html -->',
      { baseUrl: 'https://old.example.com' },
    );
    expect(markdown).toBe(
      '[视频](https://www.youtube.com/embed/x)\n\n[https://old.example.com/v.mp4](https://old.example.com/v.mp4)\n\n红坏链接',
    );
  });

  it('renders through Folio’s own Markdown renderer as the old page showed it', () => {
    const html = renderMarkdown(
      htmlToMarkdown(
        '<pre class="wp-block-code"><code class="language-javascript">const a = 1;</code></pre>' +
          '<figure class="wp-block-table"><table><thead><tr><th>甲</th></tr></thead><tbody><tr><td>乙</td></tr></tbody></table></figure>' +
          '<figure class="wp-block-image"><img src="https://old.example.com/a.jpg" alt="港口"><figcaption>港口的清晨</figcaption></figure>',
      ),
    );
    expect(html).toContain('<code class="language-javascript">');
    expect(html).toMatch(/<table>\s*<thead>\s*<tr>\s*<th>甲<\/th>/);
    expect(html).toContain('<td>乙</td>');
    expect(html).toMatch(/<img src="https:\/\/old\.example\.com\/a\.jpg" alt="港口"/);
    expect(html).toContain('<em>港口的清晨</em>');
    expect(html).not.toContain('&lt;');
  });
});
