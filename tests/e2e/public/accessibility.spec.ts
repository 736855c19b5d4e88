import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { articleIdByTitle, openPage, routeExternal, WELCOME_TITLE } from './helpers.js';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test.describe('accessibility (axe-core)', () => {
  test('the landing page has no serious or critical violations', async ({ page }) => {
    await routeExternal(page);
    await openPage(page, '/');
    await expect(page.getByTestId('project-card').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('an article page has no serious or critical violations', async ({ page, server }) => {
    const id = await articleIdByTitle(server, WELCOME_TITLE);
    await routeExternal(page);
    await openPage(page, `/articles/${id}`);
    await expect(page.getByTestId('mermaid-diagram').locator('svg')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('dark mode keeps the landing page free of serious violations', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await routeExternal(page);
    await openPage(page, '/');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
