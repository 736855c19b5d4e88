import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findImageRefs, localImagePath, rewriteImageRefs } from '../src/core/image-links.js';

const markdown = [
  '![一](./img/a.png "标题")',
  '![二](<img/with space.png>)',
  '![web](https://example.com/x.png)',
  '![ref][logo]',
  '',
  '[logo]: ../shared/logo.webp "Logo"',
  '[site]: https://example.com/',
  '<img alt="h" src="img/b.gif" width="10">',
  '`![code](./no.png)`',
  '```',
  '![fenced](./no2.png)',
  '```',
].join('\n');

describe('image links', () => {
  it('finds inline, angle-bracket, reference and HTML images, ignoring code', () => {
    const refs = findImageRefs(markdown);
    expect(refs.map((ref) => [ref.kind, ref.target])).toEqual([
      ['inline', './img/a.png'],
      ['inline', 'img/with space.png'],
      ['inline', 'https://example.com/x.png'],
      ['reference', '../shared/logo.webp'],
      ['html', 'img/b.gif'],
    ]);
  });

  it('resolves local targets against the Markdown file and leaves web addresses alone', () => {
    const file = path.resolve('/notes/posts/a.md');
    expect(localImagePath('./img/a.png', file)).toBe(path.resolve('/notes/posts/img/a.png'));
    expect(localImagePath('img/my%20pic.png', file)).toBe(path.resolve('/notes/posts/img/my pic.png'));
    expect(localImagePath('/abs/pic.png', file)).toBe(path.normalize('/abs/pic.png'));
    expect(localImagePath('file:///abs/pic.png', file)).toBe(path.normalize('/abs/pic.png'));
    expect(localImagePath('https://example.com/x.png', file)).toBeUndefined();
    expect(localImagePath('data:image/png;base64,AAAA', file)).toBeUndefined();
    expect(localImagePath('//cdn.example.com/x.png', file)).toBeUndefined();
  });

  it('rewrites targets in place, keeping titles, angle brackets and quotes', () => {
    const refs = findImageRefs(markdown);
    const rewritten = rewriteImageRefs(markdown, refs, (ref) =>
      ref.target.startsWith('http') ? undefined : `/uploads/${path.basename(ref.target).replace(/\s/g, '_')}`,
    );
    expect(rewritten).toContain('![一](/uploads/a.png "标题")');
    expect(rewritten).toContain('![二](</uploads/with_space.png>)');
    expect(rewritten).toContain('![web](https://example.com/x.png)');
    expect(rewritten).toContain('[logo]: /uploads/logo.webp "Logo"');
    expect(rewritten).toContain('<img alt="h" src="/uploads/b.gif" width="10">');
    expect(rewritten).toContain('`![code](./no.png)`');
    expect(rewritten).toContain('![fenced](./no2.png)');
  });
});
