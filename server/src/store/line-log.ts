/** The lines of an append-only log, and how many of its bytes hold them. */
export interface ParsedLines<T> {
  entries: T[];
  /** Where the intact lines end: the bytes after it are a torn last line, if any. */
  intactBytes: number;
}

/**
 * Reads an append-only log of JSON lines (the article logs, the mail outbox). The last line may
 * be torn (a kill while it was appended, before its commit was acknowledged): it is left out, and
 * the next append cuts it off. Any other line that does not parse, or is not a `what`, means the
 * file was damaged; going on would lose the acknowledged lines after it (the next append cuts the
 * file where reading stopped), so that throws and the server does not start.
 */
export function parseLines<T>(
  bytes: Buffer,
  fileName: string,
  isEntry: (value: unknown) => value is T,
  what: string,
): ParsedLines<T> {
  const entries: T[] = [];
  let start = 0;
  while (start < bytes.length) {
    const end = bytes.indexOf(0x0a, start);
    // No newline: the last line was cut short.
    if (end === -1) break;
    let entry: unknown;
    try {
      entry = JSON.parse(bytes.toString('utf8', start, end));
    } catch {
      entry = undefined;
    }
    if (!isEntry(entry)) {
      // A crash can also leave a last line whose middle never reached the disk (zeros).
      if (end === bytes.length - 1) break;
      throw new Error(
        `${fileName} is damaged: the line at byte ${start} is not ${what}. Restore the file from a backup of the data directory, or remove that line by hand, then start again`,
      );
    }
    entries.push(entry);
    start = end + 1;
  }
  return { entries, intactBytes: start };
}
