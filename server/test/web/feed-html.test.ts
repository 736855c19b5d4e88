import { describe, expect, it } from 'vitest';
import type { PublicArticleDetail } from '@folio/shared';
import { absoluteUrl, articleFeedHtml } from '../../src/web/feed-html.js';

const ORIGIN = 'https://blog.example.com';

/** A public detail with only what the feed's HTML reads. */
const detailWith = (fields: Pick<PublicArticleDetail, 'content' | 'cover' | 'diagrams'>) => fields as PublicArticleDetail;

describe('articleFeedHtml', () => {
  it('shows a drawn Mermaid diagram as its light image, absolute, and an undrawn one as its source', () => {
    const drawn = 'graph TD; A-->B\n';
    const html = articleFeedHtml(
      detailWith({
        content: `\`\`\`mermaid\n${drawn}\`\`\`\n\n\`\`\`mermaid\ngraph LR; X-->Y\n\`\`\``,
        cover: '',
        diagrams: [{ source: drawn, width: 320, height: 200, light_url: '/diagrams/abc.svg', dark_url: '/diagrams/def.svg' }],
      }),
      ORIGIN,
    );
    expect(html).toContain(`<img src="${ORIGIN}/diagrams/abc.svg" width="320" height="200" alt="Mermaid" />`);
    expect(html).not.toContain('def.svg');
    expect(html).toContain('<pre><code class="language-mermaid">graph LR; X--&gt;Y');
  });

  it('puts the cover first, escapes raw HTML as the page does, and links bare addresses', () => {
    const html = articleFeedHtml(
      detailWith({ content: '<script>alert(1)</script>\n\nsee https://example.org/a', cover: '/uploads/c.png', diagrams: [] }),
      ORIGIN,
    );
    expect(html.startsWith(`<p><img src="${ORIGIN}/uploads/c.png" alt="" /></p>`)).toBe(true);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<a href="https://example.org/a">https://example.org/a</a>');
  });

  it('never lets the text end its CDATA section', () => {
    expect(articleFeedHtml(detailWith({ content: '`]]>`', cover: '', diagrams: [] }), ORIGIN)).not.toMatch(
      /\]\]>(?!<!\[CDATA\[)/,
    );
  });
});

describe('absoluteUrl', () => {
  it('makes site paths absolute and leaves addresses with a scheme, protocol-relative ones and anchors alone', () => {
    expect(absoluteUrl(ORIGIN, '/uploads/a.png')).toBe(`${ORIGIN}/uploads/a.png`);
    expect(absoluteUrl(ORIGIN, 'uploads/a.png')).toBe(`${ORIGIN}/uploads/a.png`);
    expect(absoluteUrl(ORIGIN, 'https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(absoluteUrl(ORIGIN, 'mailto:me@example.com')).toBe('mailto:me@example.com');
    expect(absoluteUrl(ORIGIN, '//cdn.example.com/a.png')).toBe('//cdn.example.com/a.png');
    expect(absoluteUrl(ORIGIN, '#part')).toBe('#part');
  });
});
