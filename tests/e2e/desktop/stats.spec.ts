import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import { screensDir, shootEverySize } from './harness/screenshots';

const FIREFOX_DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/**
 * The desktop's admin is the browser's AdminApp, so 数据统计 is one of its tabs. Its requests go
 * through main (the bridge) and, with no socket of its own, 正在浏览 is asked for by polling.
 */
test('the desktop admin shows readers’ statistics through the bridge, at the desktop window sizes', async ({
  desktop,
  folio,
}) => {
  test.setTimeout(120_000);
  // What public pages' beacons send (server/API.md §E23), from two readers.
  for (const [userAgent, path, referrer] of [
    [FIREFOX_DESKTOP, '/', 'https://news.ycombinator.com/'],
    [FIREFOX_DESKTOP, '/articles', ''],
    [SAFARI_IPHONE, '/', 'https://v2ex.com/t/1'],
  ] as const) {
    const response = await fetch(`${folio.current().url}/api/stats/hit`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': userAgent },
      body: JSON.stringify({ path, referrer }),
    });
    expect(response.status).toBe(204);
  }

  await signIn(desktop, folio.url, ADMIN_PASSWORD);
  await expect(desktop).toHaveURL(/#\/admin/);
  await desktop.getByRole('tab', { name: '数据统计' }).click();
  await expect(desktop).toHaveURL(/#\/admin\/stats$/);
  await expect(desktop.getByTestId('stats-total-views')).toHaveText('3');
  await expect(desktop.getByTestId('stats-total-visitors')).toHaveText('2');
  await expect(desktop.getByTestId('stats-visitors-now')).toHaveText('2');
  await expect(desktop.getByTestId('stats-daily-chart').locator('.recharts-area-area')).toHaveCount(2);
  await expect(desktop.getByTestId('stats-referrers-chart').locator('.recharts-bar-rectangle path')).toHaveCount(4);
  await expect(desktop.getByRole('table', { name: '设备' }).locator('tbody tr')).toHaveText(['桌面21', '手机11']);
  await shootEverySize(desktop, screensDir('stats-desktop'), 'stats');
});
