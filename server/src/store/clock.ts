/** Timestamps as server/API.md §1.4 wants them: ISO 8601 in UTC, to the second, with `Z`. */
export function isoNow(now: Date = new Date()): string {
  return toIsoSeconds(now);
}

export function toIsoSeconds(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}
