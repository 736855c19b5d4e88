import type { BuildTarget } from './stale-check.mjs';

export const webTarget: BuildTarget;
export const serverTarget: BuildTarget;
