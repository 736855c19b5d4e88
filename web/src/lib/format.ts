/**
 * A date in zh-CN ("2026年1月5日"), in UTC so the server-rendered HTML and the browser agree.
 * Spelled out rather than asked of Intl.DateTimeFormat, which gives the same text (a test checks
 * it) but pages in some 6.5 MB of ICU locale data on the server for this one pattern.
 */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getUTCFullYear()}年${date.getUTCMonth() + 1}月${date.getUTCDate()}日`;
}

/** Timestamps as the owner reads them: local zh-CN date and time. */
export function formatDateTime(iso: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('zh-CN', { hour12: false });
}
