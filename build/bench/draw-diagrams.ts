import { PROCESS_ADMIN_PASSWORD } from '../../server/test/support/server-process.js';
import { login } from '../../tests/support/test-server.js';
import { answerOffSiteEmpty, launchChromium } from './chromium.js';

/** Where the browser admin keeps its token (see web/src/features/admin/browser-admin.tsx). */
const TOKEN_KEY = 'folio_admin_token';

/**
 * Does what the owner does once after upgrading: opens the article in the admin's editor in
 * Chromium, which draws its Mermaid diagrams in both themes and uploads them. Resolves when the
 * server lists `count` drawn diagrams for the article.
 */
export async function drawDiagramsInAdmin(
  serverUrl: string,
  articleId: number,
  count: number,
  password = PROCESS_ADMIN_PASSWORD,
): Promise<void> {
  const token = await login(serverUrl, { password });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await answerOffSiteEmpty(page);
    await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
    await page.goto(`${serverUrl}/admin/articles/${articleId}/edit`);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const response = await fetch(`${serverUrl}/api/admin/articles/${articleId}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const body = (await response.json()) as { data?: { drawn_diagrams?: string[] } };
      if ((body.data?.drawn_diagrams?.length ?? 0) >= count) return;
      if (Date.now() > deadline) throw new Error(`the admin drew no ${count} diagrams of article ${articleId} within 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await browser.close();
  }
}
