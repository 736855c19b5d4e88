import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { stripMetadataWithoutDecoding } from '../../src/services/image-metadata-stripping.js';
import { pixelsOf } from '../fixtures/images.js';
import { animatedGif, jpegWithGps, pngWithText, truncatedJpegWithGps, webpWithXmp } from '../fixtures/photos.js';

/** Strips an image the test knows can be walked. */
function strip(bytes: Buffer, format: Parameters<typeof stripMetadataWithoutDecoding>[1]): Buffer {
  const stripped = stripMetadataWithoutDecoding(bytes, format);
  if (!stripped) throw new Error('expected the image to be walkable');
  return stripped;
}

describe('cutting metadata out of an image without decoding it', () => {
  it('drops a JPEG camera EXIF with its GPS and keeps the picture bit for bit', async () => {
    const photo = await jpegWithGps();
    const stripped = strip(photo, 'jpg');
    expect(stripped.includes('FolioCam')).toBe(false);
    expect(stripped.includes('Exif\0\0')).toBe(false);
    expect((await sharp(stripped).metadata()).exif).toBeUndefined();
    expect((await pixelsOf(stripped)).equals(await pixelsOf(photo))).toBe(true);
  });

  it('drops the EXIF of a JPEG cut short and keeps what is left of its picture data', async () => {
    const photo = await truncatedJpegWithGps();
    const stripped = strip(photo, 'jpg');
    expect(stripped.includes('SN-12345')).toBe(false);
    expect(photo.length - stripped.length).toBeLessThan(1024);
    expect(stripped.subarray(-2048).equals(photo.subarray(-2048))).toBe(true);
  });

  it('drops the text chunks of a PNG and the XMP of a WebP, which still decode to the same pixels', async () => {
    const png = await pngWithText('Secret Location');
    const strippedPng = strip(png, 'png');
    expect(strippedPng.includes('Secret Location')).toBe(false);
    expect((await pixelsOf(strippedPng)).equals(await pixelsOf(png))).toBe(true);

    const webp = await webpWithXmp();
    const strippedWebp = strip(webp, 'webp');
    expect(strippedWebp.includes('Secret Author')).toBe(false);
    expect((await sharp(strippedWebp).metadata()).xmp).toBeUndefined();
    expect((await pixelsOf(strippedWebp)).equals(await pixelsOf(webp))).toBe(true);
  });

  it('gives up on a GIF and on a JPEG whose segments cannot be walked', async () => {
    expect(stripMetadataWithoutDecoding(await animatedGif(), 'gif')).toBeUndefined();
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x04, 0x41, 0x42]), Buffer.from('not a segment')]);
    expect(stripMetadataWithoutDecoding(broken, 'jpg')).toBeUndefined();
  });
});
