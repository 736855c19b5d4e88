/** One build output and everything it is built from. */
export interface BuildTarget {
  name: string;
  /** Files and folders (walked recursively) whose contents decide the output. */
  inputs: string[];
  /** Files that must exist for the output to count as built. */
  outputs: string[];
  /** Where the fingerprint of the inputs of the last successful build is kept. */
  stampFile: string;
}

export interface StaleVerdict {
  stale: boolean;
  by: 'missing output' | 'file times' | 'contents';
}

export const RACY_MARGIN_MS: number;
export function inputFiles(target: BuildTarget): string[];
export function fingerprint(target: BuildTarget): string;
export function judge(target: BuildTarget): StaleVerdict;
export function isStale(target: BuildTarget): boolean;
export function writeStamp(target: BuildTarget): void;
export function buildIfStale(target: BuildTarget, build: () => Promise<void>): Promise<boolean>;
