import { describe, expect, it } from 'vitest';
import { imageUrlSpans, replaceImageUrls } from '../../src/services/blog-import/image-urls.js';

const urlsOf = (markdown: string) => imageUrlSpans(markdown).map(({ kind, url }) => `${kind} ${url}`);
const replaced = (markdown: string, table: Record<string, string>) =>
  replaceImageUrls(markdown, imageUrlSpans(markdown), (span) => table[span.url]);

describe('image addresses in an imported Markdown body', () => {
  it('reads Markdown images with titles, angle brackets, parentheses and escapes', () => {
    const markdown = [
      '![a](/img/a.jpg "标题")',
      '![b](<https://old.example/my photo.jpg>)',
      '![c](https://old.example/wiki/Photo_(1).jpg)',
      '![d \\[x\\]](/img/d\\_1.png)',
      '![e](',
      '  /img/e.png',
      ')',
    ].join('\n');
    expect(urlsOf(markdown)).toEqual([
      'markdown-image /img/a.jpg',
      'markdown-image https://old.example/my photo.jpg',
      'markdown-image https://old.example/wiki/Photo_(1).jpg',
      'markdown-image /img/d_1.png',
      'markdown-image /img/e.png',
    ]);
  });

  it('tells a link from an image, an image inside a link included', () => {
    expect(urlsOf('[![小](/a-300x200.jpg)](/a.jpg) [文章](/2020/05/hello/)')).toEqual([
      'markdown-image /a-300x200.jpg',
      'link /a.jpg',
      'link /2020/05/hello/',
    ]);
  });

  it('reads <img> src and srcset, quoted or not, with entities', () => {
    const markdown = `<img class="wp" src="/a.jpg?w=1&amp;h=2" srcset="/a-300x200.jpg 300w, /a-1024x768.jpg 1024w"> <IMG SRC='/b.png'> <img src=/c.gif>`;
    expect(urlsOf(markdown)).toEqual([
      'html /a.jpg?w=1&h=2',
      'html /a-300x200.jpg',
      'html /a-1024x768.jpg',
      'html /b.png',
      'html /c.gif',
    ]);
  });

  it('leaves code alone: fenced blocks and inline code show Markdown, they do not use images', () => {
    const markdown = [
      '前文 `![行内](/x.jpg)` 后文',
      '~~~',
      '<img src="/y.jpg">',
      '~~~',
      '````md',
      '```',
      '![嵌套](/z.jpg)',
      '```',
      '````',
      '![真的](/real.jpg)',
    ].join('\n');
    expect(urlsOf(markdown)).toEqual(['markdown-image /real.jpg']);
    // A stray backtick opens no code span past its paragraph.
    expect(urlsOf('一个 ` 落单的反引号\n\n![图](/after.jpg) `和代码`')).toEqual(['markdown-image /after.jpg']);
  });

  it('replaces each address where it stands and nothing else, the same text elsewhere included', () => {
    const markdown = [
      '![a](/a.jpg "/a.jpg") 正文里的 /a.jpg 不动',
      '<img alt="/a.jpg" src="/a.jpg">',
      '![b](<https://old.example/my photo.jpg>)',
      '`![a](/a.jpg)`',
    ].join('\n');
    expect(replaced(markdown, { '/a.jpg': '/uploads/aa.jpg', 'https://old.example/my photo.jpg': '/uploads/bb.jpg' })).toBe(
      [
        '![a](/uploads/aa.jpg "/a.jpg") 正文里的 /a.jpg 不动',
        '<img alt="/a.jpg" src="/uploads/aa.jpg">',
        '![b](/uploads/bb.jpg)',
        '`![a](/a.jpg)`',
      ].join('\n'),
    );
  });
});
