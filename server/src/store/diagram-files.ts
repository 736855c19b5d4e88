import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import pLimit from 'p-limit';
import { writeFileDurably } from '@folio/shared/durable-file';

/** A diagram file is named after the SHA-256 of its SVG: one drawing is one file, whoever shows it. */
const DIAGRAM_FILE = /^([0-9a-f]{64})\.svg$/;

/** Whether `name` could name a diagram file (64 lowercase hex digits), before asking whether one exists. */
export const isDiagramName = (name: string): boolean => /^[0-9a-f]{64}$/.test(name);

/**
 * The pre-rendered diagram images in `diagrams/`. Files are written before a record points at
 * them and removed by {@link sweep} once none does, so a crash at any point leaves at worst an
 * unreferenced file, which the next sweep removes. Writes and sweeps run one at a time: a sweep
 * removing a file while a save writes the same name again would otherwise lose the new file.
 */
export class DiagramFiles {
  /** Names of the files on disk, so a page render or a file request never waits for the disk. */
  private readonly present = new Set<string>();
  /** Names written for a save that has not pointed a record at them yet: a sweep keeps them. */
  private readonly inFlight = new Map<string, number>();
  private readonly oneAtATime = pLimit(1);

  constructor(
    readonly dir: string,
    /** Every name some record points at (binned articles' included: a restore shows them again). */
    private readonly referenced: () => Iterable<string>,
  ) {}

  /** Reads the folder at start-up. */
  async load(): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    for (const fileName of await fs.readdir(this.dir)) {
      const name = DIAGRAM_FILE.exec(fileName)?.[1];
      if (name) this.present.add(name);
    }
  }

  has(name: string): boolean {
    return this.present.has(name);
  }

  /** The file of a diagram that exists, or undefined. */
  filePath(name: string): string | undefined {
    return this.present.has(name) ? path.join(this.dir, `${name}.svg`) : undefined;
  }

  /**
   * Writes each SVG under its hash and runs `point` (which points records at the names) while
   * the files are protected from sweeping; then sweeps whatever `point` stopped using.
   */
  async writeAndPoint<R>(svgs: readonly string[], point: (names: string[]) => Promise<R>): Promise<R> {
    const names = svgs.map((svg) => createHash('sha256').update(svg).digest('hex'));
    for (const name of names) this.inFlight.set(name, (this.inFlight.get(name) ?? 0) + 1);
    try {
      await this.oneAtATime(async () => {
        for (const [index, name] of names.entries()) {
          if (this.present.has(name)) continue;
          await writeFileDurably(path.join(this.dir, `${name}.svg`), svgs[index] ?? '');
          this.present.add(name);
        }
      });
      return await point(names);
    } finally {
      for (const name of names) {
        const count = (this.inFlight.get(name) ?? 1) - 1;
        if (count > 0) this.inFlight.set(name, count);
        else this.inFlight.delete(name);
      }
      await this.sweep();
    }
  }

  /** Removes the files no record points at. A failed removal only leaves the file for the next sweep. */
  sweep(): Promise<void> {
    return this.oneAtATime(async () => {
      const keep = new Set(this.referenced());
      for (const name of [...this.present]) {
        if (keep.has(name) || this.inFlight.has(name)) continue;
        this.present.delete(name);
        await fs.rm(path.join(this.dir, `${name}.svg`), { force: true });
      }
    });
  }
}
