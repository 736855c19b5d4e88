/**
 * ISO 8601 timestamps written by clients, read into the form of server/API.md §1.4 (UTC, to the second, `Z`).
 * Node-free and browser-safe.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)$/i;

/** `2024-01-15T10:30:00.123Z` -> `2024-01-15T10:30:00Z`. */
export function toIsoSeconds(date: Date): string {
  // A plain Date: smol-toml's dates override toISOString to echo the source's local form.
  return `${new Date(date.getTime()).toISOString().slice(0, 19)}Z`;
}

/** Whether year-month-day names a day that exists (no 2024-02-30, no month 13). */
function isCalendarDay(year: string, month: string, day: string): boolean {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.getUTCFullYear() === Number(year) && date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
}

/**
 * `2024-01-15` (UTC midnight) or a date-time with its zone (`2024-01-15T18:30:00+08:00`,
 * `2024-01-15T10:30Z`, fractions of a second allowed) as `2024-01-15T10:30:00Z`; undefined for
 * anything else, including a time without a zone (ambiguous) and days that do not exist.
 */
export function parseIsoTimestamp(text: string): string | undefined {
  const dateOnly = ISO_DATE.exec(text);
  const match = dateOnly ?? ISO_DATE_TIME.exec(text);
  if (!match) return undefined;
  const [, year = '', month = '', day = ''] = match;
  if (!isCalendarDay(year, month, day)) return undefined;
  // Date.parse wants the offset as ±hh:mm and reads a bare date as UTC midnight already.
  const millis = Date.parse(dateOnly ? text : text.toUpperCase().replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  if (Number.isNaN(millis)) return undefined;
  const timestamp = toIsoSeconds(new Date(millis));
  // An offset can push 9999-12-31 into year 10000, which has no four-digit form.
  return /^\d{4}-/.test(timestamp) ? timestamp : undefined;
}
