/**
 * Values derived from the store's state (a filtered article list, a page's fingerprint), kept
 * while the store's change count ({@link Store.generation}) stays the same and all dropped when
 * it moves. View counts do not move it, so whatever depends on them must be read fresh.
 *
 * Bounded by entry count, oldest first, because keys can come from visitors (search queries).
 */
export class GenerationMemo<V> {
  private generation = -1;
  private readonly byKey = new Map<string, V>();

  constructor(
    private readonly currentGeneration: () => number,
    private readonly maxEntries = 256,
  ) {}

  get(key: string, compute: () => V): V {
    const generation = this.currentGeneration();
    if (generation !== this.generation) {
      this.byKey.clear();
      this.generation = generation;
    }
    const known = this.byKey.get(key);
    if (known !== undefined) return known;
    const value = compute();
    if (this.byKey.size >= this.maxEntries) {
      const oldest = this.byKey.keys().next();
      if (!oldest.done) this.byKey.delete(oldest.value);
    }
    this.byKey.set(key, value);
    return value;
  }
}
