/** A desktop browser's User-Agent: the statistics skip crawlers and headless browsers. */
export const READER_USER_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0';

/** What a public page's beacon sends for one view (server/API.md §E23.1); resolves with the status. */
export async function sendPageViewHit(baseUrl: string, pagePath: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/stats/hit`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': READER_USER_AGENT },
    body: JSON.stringify({ path: pagePath, referrer: '' }),
  });
  return response.status;
}
