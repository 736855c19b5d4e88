import type { Page } from '@playwright/test';
import { RealtimeEvents } from '@folio/shared';
import { connectRealtime } from '../../support/test-server.js';
import { expect, test } from '../fixtures.js';
import { adminCall } from './helpers.js';

/** The skill names `/api/skills` gives a plain `fetch()` in the page (the browser's HTTP cache included). */
function fetchSkillNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const response = await fetch('/api/skills');
    const body = (await response.json()) as { data: { name: string }[] };
    return body.data.map((skill) => skill.name);
  });
}

test('a plain fetch right after skills_updated gets the new list, not the copy in the browser cache', async ({
  page,
  server,
}) => {
  // A document of the site's origin that runs no app script: its fetches are the test's alone.
  await page.goto('/robots.txt');
  const before = await fetchSkillNames(page);
  expect(before).not.toContain('刚加的技能');

  const realtime = await connectRealtime(server.url);
  try {
    const updated = realtime.waitFor(RealtimeEvents.skills);
    await adminCall(server, 'POST', '/api/admin/skills', { name: '刚加的技能', level: 60 });
    await updated;
    expect(await fetchSkillNames(page)).toContain('刚加的技能');
  } finally {
    realtime.close();
  }
});
