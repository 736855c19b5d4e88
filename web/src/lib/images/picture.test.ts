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

const bodyHtml = (source: string, images?: Record<string, PublicImage>) =>
  renderMarkdownSegments(source, { images })
    .map((segment) => (segment.kind === 'html' ? segment.html : ''))
    .join('');

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
