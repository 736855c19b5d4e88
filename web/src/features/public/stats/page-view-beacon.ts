import { useEffect } from 'react';
import { previewTokenOfPath } from '@folio/shared';
import type { StatsHit } from '@folio/shared';
import { ADMIN_TOKEN_STORAGE_KEY } from '../../../lib/admin-token-key';
import { useLocation } from '../routing/public-router';

/** The address the beacon reports to (server/API.md §E23.1). */
const HIT_URL = '/api/stats/hit';

/** The navigation last reported: one view per navigation, even if an effect runs twice. */
let reportedKey: string | undefined;
/** The public page shown before this one, the referrer of a navigation inside the site. */
let previousUrl: string | undefined;

/** The owner's admin token, when this browser is signed in to the admin; read only, never written. */
function ownerToken(): string | undefined {
  try {
    return window.localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Only the referrer's origin: the server keeps its host alone, and a long address must not push the beacon past 1 KB. */
function originOf(referrer: string): string {
  try {
    return referrer ? new URL(referrer).origin : '';
  } catch {
    return '';
  }
}

function send(path: string, referrer: string): void {
  const token = ownerToken();
  const hit: StatsHit & { token?: string } = { path, referrer: originOf(referrer), ...(token && { token }) };
  // A string is sent as text/plain, which needs no CORS preflight; the server reads it as JSON.
  navigator.sendBeacon(HIT_URL, JSON.stringify(hit));
}

/** Runs `report` once the page is really shown: a prerendered page waits until the reader opens it. */
function whenShown(report: () => void): void {
  const prerendering = (document as Document & { prerendering?: boolean }).prerendering;
  if (prerendering) document.addEventListener('prerenderingchange', report, { once: true });
  else report();
}

/**
 * Reports each public page view with one beacon of a few hundred bytes: no cookie, nothing stored,
 * no third party (server/API.md §E23.1). The first view's referrer is the document's; a
 * navigation inside the site names the page before it, which the server counts as direct. Draft
 * previews are no public page and report nothing; the admin never mounts this.
 */
export function usePageViewBeacon(): void {
  const { pathname, key } = useLocation();
  useEffect(() => {
    if (reportedKey === key || previewTokenOfPath(pathname) !== undefined || typeof navigator.sendBeacon !== 'function') return;
    reportedKey = key;
    const referrer = previousUrl ?? document.referrer;
    previousUrl = window.location.href;
    whenShown(() => send(pathname, referrer));
  }, [pathname, key]);
}
