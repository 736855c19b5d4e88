import { LIMITS, MAX_IMAGE_PIXELS, ServerMessages } from '@folio/shared';
import type { UploadLimits } from '@folio/shared';

/** The server's image limits (server/API.md §E14); the defaults until it has said. */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { image_bytes: LIMITS.imageBytes, image_pixels: MAX_IMAGE_PIXELS };

/** The server's own refusal for a file over `maxBytes`, so the owner reads the same words before sending. */
export function imageTooLargeText(maxBytes: number): string {
  if (maxBytes === LIMITS.imageBytes) return ServerMessages.imageTooLarge;
  return ServerMessages.imageTooLargeFor(Number((maxBytes / (1024 * 1024)).toFixed(2)));
}

/** A still picture decoded, ready to be written again in another format. */
export interface DecodedImage {
  width: number;
  height: number;
  /** Encodes the picture at its full size; resolves null when the browser cannot write `type`. */
  encode(type: 'image/webp' | 'image/jpeg', quality: number): Promise<Blob | null>;
  close(): void;
}

/** The browser's decoder and a canvas of the picture's own size. */
export async function decodeInBrowser(file: Blob): Promise<DecodedImage> {
  const bitmap = await createImageBitmap(file);
  return {
    width: bitmap.width,
    height: bitmap.height,
    encode: (type, quality) =>
      new Promise((resolve) => {
        const canvas = document.createElement('canvas');
        canvas.width = bitmap.width;
        canvas.height = bitmap.height;
        const context = canvas.getContext('2d');
        if (!context) return resolve(null);
        // JPEG has no transparency: a transparent screenshot goes on white, not black.
        if (type === 'image/jpeg') {
          context.fillStyle = '#fff';
          context.fillRect(0, 0, canvas.width, canvas.height);
        }
        context.drawImage(bitmap, 0, 0);
        // A browser that cannot write the type answers PNG instead: that is no answer here.
        canvas.toBlob((blob) => resolve(blob && blob.type === type ? blob : null), type, quality);
      }),
    close: () => bitmap.close(),
  };
}

const QUALITY = 0.9;
const EXTENSIONS = { 'image/webp': 'webp', 'image/jpeg': 'jpg' } as const;

/**
 * An image the server will take, checked before anything is sent: one within the size limit as it
 * is; a still one over it written again at its full size (WebP, else JPEG), since a photo pasted
 * from the clipboard arrives as a PNG several times its JPEG's size and the server re-encodes every
 * upload anyway. Rejects, with the server's own message, one still over the limit, over the pixel
 * limit, or animated (a GIF would lose its animation).
 */
export async function fitImageToLimits(
  file: File,
  limits: UploadLimits,
  decode: (file: Blob) => Promise<DecodedImage> = decodeInBrowser,
): Promise<File> {
  if (file.size <= limits.image_bytes) return file;
  const tooLarge = new Error(imageTooLargeText(limits.image_bytes));
  if (file.type === 'image/gif') throw tooLarge;
  let image: DecodedImage;
  try {
    image = await decode(file);
  } catch {
    // Not something this browser decodes: the server judges it, and answers in its own words.
    throw tooLarge;
  }
  try {
    if (image.width * image.height > limits.image_pixels) throw new Error(ServerMessages.imageTooManyPixels);
    for (const type of ['image/webp', 'image/jpeg'] as const) {
      const blob = await image.encode(type, QUALITY);
      if (blob && blob.size <= limits.image_bytes) {
        const name = `${file.name.replace(/\.[^./\\]*$/, '') || 'image'}.${EXTENSIONS[type]}`;
        return new File([blob], name, { type });
      }
    }
    throw tooLarge;
  } finally {
    image.close();
  }
}
