import { ImageInsertMessages } from '@folio/shared';

/** An image on its way to the server, held in the text by its placeholder line. */
export interface PendingImage {
  file: File;
  /** The file's name as the placeholder and the progress line show it, without brackets that would end it. */
  name: string;
  /** The placeholder and its line break, as inserted: unique in the text thanks to its marker. */
  line: string;
}

/** A placeholder must not close its own brackets; a name without anything left is still an image. */
export function altTextOf(fileName: string): string {
  return fileName.replace(/[[\]\r\n]/g, ' ').trim() || 'image';
}

function uniqueMarker(): string {
  return `#${Math.random().toString(36).slice(2, 8)}`;
}

/** One placeholder line per image, each with a marker of its own (the same name may come twice). */
export function pendingImagesFor(files: readonly File[]): PendingImage[] {
  return files.map((file) => {
    const name = altTextOf(file.name);
    return { file, name, line: `${ImageInsertMessages.placeholder(name, uniqueMarker())}\n` };
  });
}

/**
 * Where a placeholder is now, typing around it may have moved it anywhere: its whole line when the
 * line break is still there, else the placeholder alone; null once the owner deleted it.
 */
export function findPlaceholder(text: string, pending: PendingImage): { from: number; to: number } | null {
  for (const needle of [pending.line, pending.line.slice(0, -1)]) {
    const from = text.indexOf(needle);
    if (from >= 0) return { from, to: from + needle.length };
  }
  return null;
}

/**
 * The Markdown that takes the placeholder's place once the server has the image. Its alt text is
 * left empty for the owner to describe the picture: a file name (IMG_2041.jpg, image.png) tells a
 * reader who cannot see it nothing.
 */
export function imageMarkdown(url: string): string {
  return `![](${url})`;
}

/** Where the empty alt text of {@link imageMarkdown} is, from the image's start: between the brackets. */
export const ALT_TEXT_OFFSET = 2;

/**
 * The files a paste brings as files: none when it also brings text, as a copy from a word processor
 * or a spreadsheet does (a picture of the cells beside the text), where the owner means the text.
 */
export function pastedFiles(data: DataTransfer | null): File[] {
  if (!data || data.getData('text/plain') !== '') return [];
  return Array.from(data.files);
}

/** Files a paste or drop carries that are images, and the names of the others (refused). */
export function splitImageFiles(files: readonly File[]): { images: File[]; refused: string[] } {
  const images = files.filter((file) => file.type.startsWith('image/'));
  const refused = files.filter((file) => !file.type.startsWith('image/')).map((file) => file.name);
  return { images, refused };
}
