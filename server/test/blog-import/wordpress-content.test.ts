import { describe, expect, it } from 'vitest';
import {
  autoParagraphs,
  wordPressBodyToMarkdown,
  wordPressHtmlToText,
} from '../../src/services/blog-import/wordpress-content.js';
import type { WordPressAttachment } from '../../src/services/blog-import/wordpress-content.js';

const attachments = new Map<string, WordPressAttachment>([
  ['7', { id: '7', parentId: '3', url: 'https://old.example.com/wp-content/uploads/a.jpg', caption: '甲图', alt: '甲' }],
  ['8', { id: '8', parentId: '3', url: 'https://old.example.com/wp-content/uploads/b.jpg', caption: '', alt: '' }],
  ['9', { id: '9', parentId: '4', url: 'https://old.example.com/wp-content/uploads/c.jpg', caption: '', alt: '' }],
]);
const context = { postId: '3', attachments, baseUrl: 'https://old.example.com' };

describe('WordPress bodies', () => {
  it('makes paragraphs from blank lines and <br> from single breaks, leaving blocks and <pre> alone', () => {
    expect(autoParagraphs('一\n二\n\n三<div>块</div>\n<pre>甲\n\n乙</pre>')).toBe(
      '<p>一<br />\n二</p>\n<p>三</p>\n<div>块</div>\n<pre>甲\n\n乙</pre>',
    );
  });

  it('shows a gallery without ids as the images uploaded to the post', () => {
    expect(wordPressBodyToMarkdown('[gallery columns="3"]', context)).toBe(
      '![甲](https://old.example.com/wp-content/uploads/a.jpg)\n\n_甲图_\n\n![](https://old.example.com/wp-content/uploads/b.jpg)',
    );
  });

  it('removes unknown shortcodes but keeps bracketed words that are text', () => {
    expect(wordPressBodyToMarkdown('见 [sic] 与 [1]，[button url="x"]点我[/button][ad_slot /] [toc] 完。', context)).toBe(
      '见 \\[sic\\] 与 \\[1\\]，点我 完。',
    );
  });

  it('turns media shortcodes into links and code shortcodes into fenced code in their language', () => {
    expect(wordPressBodyToMarkdown('[video mp4="https://old.example.com/v.mp4"][/video]', context)).toBe(
      '[https://old.example.com/v.mp4](https://old.example.com/v.mp4)',
    );
    expect(wordPressBodyToMarkdown('[sourcecode language="python"]print("<b>")[/sourcecode]', context)).toBe(
      '```python\nprint("<b>")\n```',
    );
    expect(wordPressBodyToMarkdown('[php]echo &quot;hi&quot;;[/php]', context)).toBe('```php\necho "hi";\n```');
  });

  it('reads an excerpt as plain text', () => {
    expect(wordPressHtmlToText('<p>这是 <em>摘要</em> &amp; [toc] 说明&#8230;</p><!-- more -->')).toBe('这是 摘要 & 说明…');
  });
});
