import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/** A long body of numbered sections, each a heading and a short paragraph (no wrapped lines). */
export function numberedSections(count: number): string {
  return Array.from({ length: count }, (_, index) => `## 第 ${index + 1} 节\n\n第 ${index + 1} 节的正文。\n`).join('\n');
}

/**
 * Scrolls the Markdown editor half way down, then so that a heading line sits exactly at its top
 * edge; returns that section's number.
 */
async function headingLineAtEditorTop(page: Page): Promise<number> {
  const scroller = page.locator('.cm-scroller');
  await scroller.evaluate((element) => {
    element.scrollTop = element.scrollHeight / 2;
  });
  // CodeMirror draws the lines now in view on its next frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return scroller.evaluate((element) => {
    const top = element.getBoundingClientRect().top;
    const heading = [...element.querySelectorAll('.cm-line')].find(
      (line) => line.textContent?.startsWith('## ') && line.getBoundingClientRect().top >= top,
    );
    if (!heading) throw new Error('no heading line in view');
    element.scrollTop += heading.getBoundingClientRect().top - top;
    return Number(/第 (\d+) 节/.exec(heading.textContent ?? '')?.[1]);
  });
}

/** Where the preview shows the heading `name`, from the preview's top edge (negative: scrolled past). */
function previewHeadingTop(preview: Locator, name: string): Promise<number> {
  return preview.evaluate((pane, wanted) => {
    const heading = [...pane.querySelectorAll('h3')].find((element) => element.textContent === wanted);
    if (!heading) throw new Error(`no heading ${wanted}`);
    return heading.getBoundingClientRect().top - pane.getBoundingClientRect().top;
  }, name);
}

/** Scrolls the Markdown editor to its end. */
function scrollEditorToEnd(page: Page): Promise<void> {
  return page.locator('.cm-scroller').evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
}

/** How far the preview is from its own end. */
export function previewDistanceFromEnd(preview: Locator): Promise<number> {
  return preview.evaluate((pane) => pane.scrollHeight - pane.clientHeight - pane.scrollTop);
}

/**
 * Checks that the preview follows the editor (a body of {@link numberedSections}): a heading line at
 * the editor's top edge puts that heading at the preview's top edge, and the editor's end is the
 * preview's end.
 */
export async function expectPreviewFollowsEditor(page: Page, preview: Locator): Promise<void> {
  const topSection = await headingLineAtEditorTop(page);
  expect(topSection).toBeGreaterThan(10);
  await expect.poll(async () => Math.abs(await previewHeadingTop(preview, `第 ${topSection} 节`))).toBeLessThanOrEqual(2);
  expect(await previewHeadingTop(preview, `第 ${topSection + 1} 节`)).toBeGreaterThan(20);
  await scrollEditorToEnd(page);
  await expect.poll(() => previewDistanceFromEnd(preview)).toBeLessThanOrEqual(1);
}
