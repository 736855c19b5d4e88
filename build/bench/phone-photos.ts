import sharp from 'sharp';

/** The upload limit of server/API.md §1.5: a bench photo must pass it like a real one. */
const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

/** Random values, repeatable from a seed (a bench compares runs). */
function noiseBytes(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = (seed * 2654435761) >>> 0 || 1;
  for (let index = 0; index < length; index += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[index] = state & 0xff;
  }
  return bytes;
}

/** Noise at a coarse grid, smoothly enlarged to the photo's size: patches of colour of that scale. */
function layer(width: number, height: number, cell: number, seed: number): Promise<Buffer> {
  const columns = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  return sharp(noiseBytes(columns * rows * 3, seed), { raw: { width: columns, height: rows, channels: 3 } })
    .resize(width, height, { kernel: 'cubic', fit: 'fill' })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * A phone-like photo: detail at every scale (broad areas of colour, mid-sized shapes, fine
 * texture and sensor grain), so it compresses and resizes like a camera's picture rather than
 * like flat noise, which blurs to nothing once made small. Saved as a camera saves it: a JPEG
 * at the highest quality that stays under the upload limit, with EXIF (maker, model, GPS).
 */
export async function phonePhoto(width: number, height: number, seed: number): Promise<Buffer> {
  const broad = await layer(width, height, 400, seed);
  const shapes = await layer(width, height, 40, seed + 1);
  const texture = await layer(width, height, 4, seed + 2);
  const blended = await sharp(broad)
    .composite([
      { input: shapes, blend: 'soft-light' },
      { input: texture, blend: 'soft-light' },
    ])
    .png({ compressionLevel: 0 })
    .toBuffer();
  const grain = sharp(blended).recomb([
    [0.9, 0.1, 0],
    [0.05, 0.9, 0.05],
    [0, 0.1, 0.9],
  ]);
  const exif = {
    IFD0: { Make: 'BenchPhone', Model: 'Twelve' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 54/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '116/1 23/1 0/1' },
  };
  for (const quality of [92, 88, 85, 80, 75, 70]) {
    const photo = await grain.clone().jpeg({ quality }).withExif(exif).toBuffer();
    if (photo.length <= UPLOAD_LIMIT_BYTES) return photo;
  }
  throw new Error(`could not make a ${width}×${height} photo under the upload limit`);
}
