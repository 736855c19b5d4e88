import { describe, expect, it } from 'vitest';
import type { DecodedImage } from './image-fit';
import { fitImageToLimits } from './image-fit';

const MB = 1024 * 1024;
const limits = { image_bytes: 2 * MB, image_pixels: 50_000_000 };
const fileOf = (bytes: number, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

/** A decoder whose encodings have these sizes (null: the browser cannot write that type). */
function decoder(
  width: number,
  height: number,
  sizes: Record<'image/webp' | 'image/jpeg', number | null>,
  closed: string[] = [],
) {
  return async (): Promise<DecodedImage> => ({
    width,
    height,
    encode: async (type) => {
      const size = sizes[type];
      return size === null ? null : new Blob([new Uint8Array(size)], { type });
    },
    close: () => closed.push('closed'),
  });
}

describe('fitting an image to the server limits before it is sent', () => {
  it('sends a file within the limit as it is, without decoding it', async () => {
    const file = fileOf(MB, 'IMG_2041.jpg', 'image/jpeg');
    const refuse = async (): Promise<DecodedImage> => {
      throw new Error('decoded');
    };
    expect(await fitImageToLimits(file, limits, refuse)).toBe(file);
  });

  it('writes a pasted PNG over the limit again as WebP at its full size', async () => {
    const closed: string[] = [];
    const fitted = await fitImageToLimits(
      fileOf(3 * MB, 'image.png', 'image/png'),
      limits,
      decoder(4000, 3000, { 'image/webp': MB, 'image/jpeg': MB }, closed),
    );
    expect(fitted).toMatchObject({ name: 'image.webp', type: 'image/webp', size: MB });
    expect(closed).toEqual(['closed']);
  });

  it('falls back to JPEG when WebP cannot be written or is still too large', async () => {
    const noWebp = await fitImageToLimits(
      fileOf(3 * MB, 'shot.png', 'image/png'),
      limits,
      decoder(10, 10, { 'image/webp': null, 'image/jpeg': MB }),
    );
    expect(noWebp).toMatchObject({ name: 'shot.jpg', type: 'image/jpeg' });
    const bigWebp = await fitImageToLimits(
      fileOf(3 * MB, 'shot.png', 'image/png'),
      limits,
      decoder(10, 10, { 'image/webp': 3 * MB, 'image/jpeg': MB }),
    );
    expect(bigWebp.type).toBe('image/jpeg');
  });

  it('refuses with the server’s words what stays too large, has too many pixels or is a GIF', async () => {
    await expect(
      fitImageToLimits(
        fileOf(3 * MB, 'a.png', 'image/png'),
        limits,
        decoder(10, 10, { 'image/webp': 3 * MB, 'image/jpeg': 3 * MB }),
      ),
    ).rejects.toThrow('图片大小不能超过2MB');
    await expect(
      fitImageToLimits(
        fileOf(3 * MB, 'a.png', 'image/png'),
        limits,
        decoder(10_000, 6_000, { 'image/webp': MB, 'image/jpeg': MB }),
      ),
    ).rejects.toThrow('图片像素过多，不能超过5000万像素');
    await expect(fitImageToLimits(fileOf(3 * MB, 'a.gif', 'image/gif'), limits)).rejects.toThrow('图片大小不能超过2MB');
    await expect(fitImageToLimits(fileOf(26 * MB, 'a.gif', 'image/gif'), { ...limits, image_bytes: 25 * MB })).rejects.toThrow(
      '图片大小不能超过25MB',
    );
  });
});
