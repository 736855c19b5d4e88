/**
 * The Content-Security-Policy of the app's pages: scripts only from the app itself; images and
 * media also from the configured Folio servers (absolute image links inside articles). Covers
 * and avatars come from the app's own origin (server-files.ts), since this policy is fixed when
 * the page loads and cannot name a server saved afterwards. API calls go through the bridge (main's HTTP client), so `connect-src` needs no server.
 * Fluent UI (Griffel) inserts its styles at run time, which is why styles allow 'unsafe-inline';
 * scripts never do.
 */
export function contentSecurityPolicy(appOrigin: string, serverOrigins: readonly string[]): string {
  const servers = [...new Set(serverOrigins.map(originOf).filter((origin): origin is string => origin !== undefined))];
  const images = [`'self'`, appOrigin, 'data:', 'blob:', ...servers].join(' ');
  return [
    `default-src 'self' ${appOrigin}`,
    `script-src 'self' ${appOrigin}`,
    `style-src 'self' ${appOrigin} 'unsafe-inline'`,
    `img-src ${images}`,
    `media-src ${images}`,
    `font-src 'self' ${appOrigin} data:`,
    `connect-src 'self' ${appOrigin}`,
    `worker-src 'self' ${appOrigin} blob:`,
    `object-src 'none'`,
    `frame-src 'none'`,
    `base-uri 'none'`,
    `form-action 'none'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/** `https://blog.example.com/base` -> `https://blog.example.com`; undefined for anything but http(s). */
function originOf(serverUrl: string): string | undefined {
  try {
    const url = new URL(serverUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
