import type { PublicImage } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { renderMarkdownSegments } from '../markdown/render-markdown';
import { imageFactsFor, pictureSources } from './picture';

const PHOTO: PublicImage = {
  width: 2000,
  height: 1250,
  animated: false,
  sizes: [480, 960, 1600].flatMap((width) => [
    { width, height: (width * 5) / 8, type: 'image/avif' as const, url: `/uploads/sizes/a${width}.avif` },
    { width, height: (width * 5) / 8, type: 'image/webp' as const, url: `/uploads/sizes/w${width}.webp` },
  ]),
};

const bodyHtml = (source: string, images?: Record<string, PublicImage>, eagerLeadImage = false) =>
  renderMarkdownSegments(source, { images, eagerLeadImage })
    .map((segment) => (segment.kind === 'html' ? segment.html : ''))
    .join('');

const imgTags = (html: string) => html.match(/<img [^>]*>/g) ?? [];

describe('images of an article body', () => {
  it('shows an upload with page sizes as <picture>: AVIF, then WebP, then the original with its width and height', () => {
    const html = bodyHtml('![海边](/uploads/photo.jpg)', { 'photo.jpg': PHOTO });
    expect(html).toContain(
      '<picture>' +
        '<source type="image/avif" srcset="/uploads/sizes/a480.avif 480w, /uploads/sizes/a960.avif 960w, /uploads/sizes/a1600.avif 1600w" sizes="(max-width: 840px) 100vw, 800px">' +
        '<source type="image/webp" srcset="/uploads/sizes/w480.webp 480w, /uploads/sizes/w960.webp 960w, /uploads/sizes/w1600.webp 1600w" sizes="(max-width: 840px) 100vw, 800px">' +
        '<img src="/uploads/photo.jpg" alt="海边" loading="lazy" width="2000" height="1250" decoding="async">' +
        '</picture>',
    );
  });

  it('leaves an image without sizes, an animation (with its size) and an outside image as a lazy <img>', () => {
    const animation: PublicImage = { width: 8, height: 8, animated: true, sizes: [] };
    const html = bodyHtml('![a](/uploads/new.jpg) ![b](/uploads/loop.gif) ![c](https://example.com/x.png)', {
      'loop.gif': animation,
    });
    expect(html).not.toContain('<picture>');
    expect(html).toContain('<img src="/uploads/new.jpg" alt="a" loading="lazy">');
    expect(html).toContain('<img src="/uploads/loop.gif" alt="b" loading="lazy" width="8" height="8" decoding="async">');
    expect(html).toContain('<img src="https://example.com/x.png" alt="c" loading="lazy">');
  });

  it('fetches an opening image at once and first on a page without a cover, and the others lazily', () => {
    const source = '## 第一张\n\n一句说明。\n\n![一](/uploads/photo.jpg)\n\n![二](/uploads/photo.jpg) ![三](/uploads/new.jpg)';
    const [lead, ...rest] = imgTags(bodyHtml(source, { 'photo.jpg': PHOTO }, true));
    expect(lead).toBe(
      '<img src="/uploads/photo.jpg" alt="一" loading="eager" fetchpriority="high" width="2000" height="1250" decoding="async">',
    );
    expect(rest).toHaveLength(2);
    for (const tag of rest) expect(tag).toMatch(/loading="lazy"(?!.*fetchpriority)/);
    // With a cover (the page's largest image), every body image waits, the opening one too.
    expect(imgTags(bodyHtml(source, { 'photo.jpg': PHOTO })).every((tag) => tag.includes('loading="lazy"'))).toBe(true);
  });

  it('leaves the first image lazy when three blocks come before it, and counts a list as one block', () => {
    const late = bodyHtml('一\n\n二\n\n三\n\n![图](/uploads/photo.jpg)', { 'photo.jpg': PHOTO }, true);
    expect(late).toContain('loading="lazy"');
    expect(late).not.toContain('fetchpriority');
    const inList = bodyHtml('# 标题\n\n- 一\n- ![图](/uploads/photo.jpg)', { 'photo.jpg': PHOTO }, true);
    expect(inList).toContain('loading="eager" fetchpriority="high"');
  });

  it('finds the facts by any of the three upload paths, and none for another site', () => {
    const images = { 'photo.jpg': PHOTO };
    expect(imageFactsFor('/api/admin/articles/cover/photo.jpg', images)).toBe(PHOTO);
    expect(imageFactsFor('/api/admin/avatars/file/photo.jpg', images)).toBe(PHOTO);
    expect(imageFactsFor('https://elsewhere.example/uploads/photo.jpg', images)).toBeUndefined();
    expect(pictureSources({ ...PHOTO, sizes: PHOTO.sizes.filter((size) => size.type === 'image/webp') })).toEqual([
      {
        type: 'image/webp',
        srcSet: '/uploads/sizes/w480.webp 480w, /uploads/sizes/w960.webp 960w, /uploads/sizes/w1600.webp 1600w',
      },
    ]);
  });
});
