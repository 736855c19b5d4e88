/**
 * The URL when it is an absolute http(s) address, else ''. Owner fields that become a link or an
 * image source (code-host profile, calendar image) go through this, so a stored `javascript:` or
 * `data:` value renders nothing instead of a link that runs script when clicked.
 */
export function httpUrl(url: string | undefined): string {
  const text = url?.trim() ?? '';
  if (!/^https?:\/\//i.test(text)) return '';
  try {
    new URL(text);
    return text;
  } catch {
    return '';
  }
}
