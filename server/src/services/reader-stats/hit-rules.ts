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

/** What the counting rules need of a User-Agent; the string itself is never kept on disk. */
export interface AgentFacts {
  bot: boolean;
  device: DeviceClass;
  browser: string;
}

/** How many User-Agents' facts are remembered; the memo starts afresh when full. */
const AGENT_MEMO_ENTRIES = 2000;
const agentMemo = new Map<string, AgentFacts>();

/**
 * Whether a User-Agent is a bot, and its device class and browser name. Parsing one costs a
 * few hundred microseconds, more than the rest of a hit together, while readers share a few
 * hundred browsers' strings: the answers are remembered, in memory only.
 */
export function factsOfAgent(userAgent: string): AgentFacts {
  const known = agentMemo.get(userAgent);
  if (known) return known;
  const parser = new UAParser(userAgent);
  const type = parser.getDevice().type;
  const device: DeviceClass = type === 'mobile' || type === 'wearable' ? 'mobile' : type === 'tablet' ? 'tablet' : 'desktop';
  const facts = { bot: isBotAgent(userAgent), device, browser: parser.getBrowser().name?.slice(0, 40) || 'Other' };
  if (agentMemo.size >= AGENT_MEMO_ENTRIES) agentMemo.clear();
  agentMemo.set(userAgent, facts);
  return facts;
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
