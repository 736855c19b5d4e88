import type { ImportCandidate } from '../../channels';

/** A file with a missing image goes in only once the owner accepts its broken links. */
export function needsAcceptance(candidate: ImportCandidate): boolean {
  return candidate.problems.some((problem) => problem.kind === 'missing-image');
}

/** Whether the owner may tick the file: not blocked, and its broken links accepted if it has any. */
export function canSelect(candidate: ImportCandidate, accepted: ReadonlySet<string>): boolean {
  return !candidate.blocking && (!needsAcceptance(candidate) || accepted.has(candidate.path));
}

/**
 * What is ticked after a scan: every file that can go in as it is, except the later files of a
 * title another picked file already has (importing both would make two articles of one title).
 */
export function defaultSelection(candidates: readonly ImportCandidate[]): Set<string> {
  const titles = new Set<string>();
  const selected = new Set<string>();
  for (const candidate of candidates) {
    if (!canSelect(candidate, new Set())) continue;
    if (candidate.sameTitleAs.length > 0 && titles.has(candidate.title)) continue;
    titles.add(candidate.title);
    selected.add(candidate.path);
  }
  return selected;
}
