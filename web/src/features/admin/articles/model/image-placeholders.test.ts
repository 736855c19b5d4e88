import { describe, expect, it } from 'vitest';
import { altTextOf, findPlaceholder, imageMarkdown, pendingImagesFor, splitImageFiles } from './image-placeholders';

// A fixed time: two files made a millisecond apart would otherwise differ when compared whole.
const png = (name: string) => new File([new Uint8Array([1])], name, { type: 'image/png', lastModified: 1_700_000_000_000 });

describe('image placeholders', () => {
  it('gives two files of the same name placeholders that cannot be mistaken for each other', () => {
    const [first, second] = pendingImagesFor([png('image.png'), png('image.png')]);
    expect(first?.line).toMatch(/^!\[上传中 image\.png… #\w+\]\(\)\n$/);
    expect(first?.line).not.toBe(second?.line);
  });

  it('finds a placeholder wherever typing moved it, with or without its line break, and not once deleted', () => {
    const [pending] = pendingImagesFor([png('a.png')]);
    if (!pending) throw new Error('no placeholder');
    const text = `new text\n${pending.line}after`;
    expect(findPlaceholder(text, pending)).toEqual({ from: 9, to: 9 + pending.line.length });
    const joined = text.replace(pending.line, pending.line.slice(0, -1));
    expect(findPlaceholder(joined, pending)).toEqual({ from: 9, to: 9 + pending.line.length - 1 });
    expect(findPlaceholder('new text', pending)).toBeNull();
  });

  it('keeps brackets out of the placeholder and names an image with no usable name', () => {
    expect(altTextOf('a[1].png')).toBe('a 1 .png');
    expect(altTextOf('[]')).toBe('image');
  });

  it('leaves the uploaded image an empty alt text for the owner, never the file name', () => {
    expect(imageMarkdown('/uploads/x.png')).toBe('![](/uploads/x.png)');
  });

  it('refuses what is not an image by name', () => {
    const text = new File(['x'], 'notes.txt', { type: 'text/plain' });
    expect(splitImageFiles([png('a.png'), text])).toEqual({ images: [png('a.png')], refused: ['notes.txt'] });
  });
});
