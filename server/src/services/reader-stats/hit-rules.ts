import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';

/** The request headers the counting rules read (server/API.md §E23.1), lower-cased as Node gives them. */
export type HitHeaders = Readonly<Record<string, string | string[] | undefined>>;

const header = (headers: HitHeaders, name: string): string => {
  const value = headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).toLowerCase();
};

/**
 * Whether the browser fetched the page ahead of a visit that may never come: a prefetch or a
 * prerender (`Sec-Purpose: prefetch` or `prefetch;prerender`, the older `Purpose: prefetch` and
 * Firefox's `X-Moz: prefetch`).
 */
export function isPrefetch(headers: HitHeaders): boolean {
  return ['sec-purpose', 'purpose', 'x-moz'].some((name) => header(headers, name).includes('prefetch'));
}

/** Global Privacy Control: the reader asked not to be followed, so the view counts without a visitor. */
export function sendsGlobalPrivacyControl(headers: HitHeaders): boolean {
  return header(headers, 'sec-gpc').trim() === '1';
}

/** Crawlers, link previewers, monitors and headless browsers, by their User-Agent; an empty one too. */
export function isBotAgent(userAgent: string): boolean {
  return userAgent.trim() === '' || isbot(userAgent);
}

export const DEVICE_CLASSES = ['desktop', 'mobile', 'tablet'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** The device class and browser name of a User-Agent, the only things kept of it. */
export function describeAgent(userAgent: string): { device: DeviceClass; browser: string } {
  const parsed = UAParser(userAgent);
  const type = parsed.device.type;
  const device: DeviceClass = type === 'mobile' || type === 'wearable' ? 'mobile' : type === 'tablet' ? 'tablet' : 'desktop';
  return { device, browser: parsed.browser.name?.slice(0, 40) || 'Other' };
}

/**
 * The site a referrer names, by host alone (`news.ycombinator.com`), or `null` for a direct visit:
 * no referrer, one that is not an http(s) URL, or one of the blog's own hosts (a reader moving
 * between its pages).
 */
export function referrerSite(referrer: string | undefined, ownHosts: ReadonlySet<string>): string | null {
  if (!referrer) return null;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  if (!host || ownHosts.has(host)) return null;
  return host.slice(0, 253);
}

/** The host of an origin or a `Host` header, without port and `www.`, as {@link referrerSite} compares them. */
export function siteHost(hostOrOrigin: string): string {
  try {
    const url = new URL(hostOrOrigin.includes('://') ? hostOrOrigin : `http://${hostOrOrigin}`);
    return url.hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return '';
  }
}
