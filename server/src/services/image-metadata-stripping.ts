import type { CleanableFormat } from './image-cleaning.js';

/**
 * Cuts the metadata out of an image without decoding it, for a stored file that no longer
 * decodes (a camera JPEG cut short by an interrupted copy): cleaning cannot re-encode it, yet it
 * may still carry its EXIF with a GPS position. The file is walked by its container structure
 * (JPEG segments, PNG chunks, WebP RIFF chunks), and only what a decoder needs to draw the
 * picture is kept: a list of what to keep, so an unknown or private block never slips through.
 * Everything after the image's end (a maker's trailer, a second embedded image) is dropped.
 *
 * Resolves `undefined` when the file cannot be walked (its structure is broken before the picture
 * data, or the format is GIF, which this does not walk): such a file is not served.
 */
export function stripMetadataWithoutDecoding(bytes: Buffer, format: CleanableFormat): Buffer | undefined {
  switch (format) {
    case 'jpg':
      return stripJpeg(bytes);
    case 'png':
      return stripPng(bytes);
    case 'webp':
      return stripWebp(bytes);
    case 'gif':
      return undefined;
  }
}

const MARKER = 0xff;
const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP14 = 0xee;

/**
 * The JPEG segments a decoder needs: frame headers and the tables (SOF0..SOF15 with DHT and DAC,
 * DQT, DNL, DRI, DHP, EXP), the scans, JFIF's APP0 and Adobe's APP14 (its colour transform decides
 * how CMYK and YCCK are drawn; it holds four numbers, nothing about the photo or its owner).
 * Everything else goes: EXIF and XMP (APP1), ICC and MPF (APP2), IPTC (APP13), comments, makers'
 * blocks.
 */
function keepsJpegSegment(marker: number, payload: Buffer): boolean {
  if (marker >= 0xc0 && marker <= 0xcf) return true;
  if (marker >= 0xdb && marker <= 0xdf) return true;
  if (marker === APP0) return payload.subarray(0, 5).toString('latin1') === 'JFIF\0';
  if (marker === APP14) return payload.subarray(0, 5).toString('latin1') === 'Adobe';
  return false;
}

/** Where the entropy-coded data after a scan header ends: the next marker that is neither a stuffed 0xFF nor a restart. */
function endOfScanData(bytes: Buffer, from: number): number {
  for (let at = from; at + 1 < bytes.length; at += 1) {
    if (bytes[at] !== MARKER) continue;
    const next = bytes[at + 1] ?? 0;
    if (next === 0x00 || next === MARKER || (next >= 0xd0 && next <= 0xd7)) continue;
    return at;
  }
  return bytes.length;
}

function stripJpeg(bytes: Buffer): Buffer | undefined {
  if (bytes.length < 2 || bytes[0] !== MARKER || bytes[1] !== SOI) return undefined;
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== MARKER) return undefined;
    // Any number of 0xFF may pad the space before a marker.
    while (at < bytes.length && bytes[at] === MARKER) at += 1;
    if (at >= bytes.length) break;
    const marker = bytes[at] ?? 0;
    at += 1;
    if (marker === EOI) {
      kept.push(Buffer.from([MARKER, EOI]));
      break;
    }
    // A cut inside a segment's length: the file ends there.
    if (at + 2 > bytes.length) break;
    const length = bytes.readUInt16BE(at);
    if (length < 2) return undefined;
    const end = Math.min(at + length, bytes.length);
    const payload = bytes.subarray(at + 2, end);
    if (keepsJpegSegment(marker, payload) || marker === SOS) {
      kept.push(Buffer.from([MARKER, marker]), bytes.subarray(at, end));
    }
    at = end;
    if (marker === SOS) {
      const scanEnd = endOfScanData(bytes, at);
      kept.push(bytes.subarray(at, scanEnd));
      at = scanEnd;
    }
  }
  return Buffer.concat(kept);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The PNG chunks that draw the picture: the critical ones, transparency, colour (gamma,
 * chromaticities, sRGB, ICC profile, cICP), significant bits, background, pixel size and APNG's
 * frames. Text (tEXt, iTXt, zTXt), EXIF (eXIf), the time (tIME) and private chunks go.
 */
const PNG_KEPT_CHUNKS = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'cICP',
  'sBIT',
  'bKGD',
  'pHYs',
  'acTL',
  'fcTL',
  'fdAT',
]);

function stripPng(bytes: Buffer): Buffer | undefined {
  if (bytes.length < PNG_SIGNATURE.length || !bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return undefined;
  const kept: Buffer[] = [PNG_SIGNATURE];
  let at = PNG_SIGNATURE.length;
  // Each chunk: length (4), type (4), data, CRC (4).
  while (at + 8 <= bytes.length) {
    const type = bytes.subarray(at + 4, at + 8).toString('latin1');
    if (!/^[A-Za-z]{4}$/.test(type)) return undefined;
    const end = Math.min(at + 12 + bytes.readUInt32BE(at), bytes.length);
    if (PNG_KEPT_CHUNKS.has(type)) kept.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') break;
  }
  return Buffer.concat(kept);
}

/** The WebP chunks that draw the picture; EXIF, XMP and unknown chunks go. */
const WEBP_KEPT_CHUNKS = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);
/** VP8X's flags for an EXIF and an XMP chunk, cleared once those chunks are gone. */
const VP8X_EXIF_AND_XMP_FLAGS = 0x08 | 0x04;

function stripWebp(bytes: Buffer): Buffer | undefined {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP')
    return undefined;
  const kept: Buffer[] = [];
  let at = 12;
  // Each chunk: FourCC (4), size (4, little-endian), data padded to an even length.
  while (at + 8 <= bytes.length) {
    const type = bytes.toString('latin1', at, at + 4);
    if (!/^[A-Za-z0-9 ]{4}$/.test(type)) return undefined;
    const size = bytes.readUInt32LE(at + 4);
    const end = Math.min(at + 8 + size + (size % 2), bytes.length);
    if (WEBP_KEPT_CHUNKS.has(type)) {
      const chunk = Buffer.from(bytes.subarray(at, end));
      if (type === 'VP8X' && chunk.length > 8) chunk[8] = (chunk[8] ?? 0) & ~VP8X_EXIF_AND_XMP_FLAGS;
      kept.push(chunk);
    }
    at = end;
  }
  const body = Buffer.concat(kept);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}
