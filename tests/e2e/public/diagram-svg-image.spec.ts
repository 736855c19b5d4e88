import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
// The cleaner is a plain function: these tests need a browser, not a Folio server.
import { expect, test } from '@playwright/test';
import { cleanDiagramSvg } from '../../../server/src/services/diagram-svg.js';

/** Real Mermaid 11 output; see server/test/fixtures/diagrams/render-diagram-fixtures.ts. */
const FIXTURE_DIR = new URL('../../../server/test/fixtures/diagrams/', import.meta.url);
const FIXTURES = readdirSync(FIXTURE_DIR)
  .filter((name) => name.endsWith('.svg'))
  .sort();

/** Common ways SVG markup runs code; each one that runs posts a message to the page. */
const HOSTILE_SVG = [
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100" onload="top.postMessage('svg onload', '*')">`,
  `<script>top.postMessage('script element', '*')</script>`,
  `<SCRIPT>top.postMessage('upper-case script', '*')</SCRIPT>`,
  `<rect width="200" height="100" fill="#eee"/>`,
  `<image href="missing.png" onerror="top.postMessage('image onerror', '*')"/>`,
  `<animate attributeName="x" dur="0.1s" onbegin="top.postMessage('animate onbegin', '*')"/>`,
  `<foreignObject width="200" height="100"><div xmlns="http://www.w3.org/1999/xhtml">`,
  `<img src="missing.png" onerror="top.postMessage('xhtml img onerror', '*')"/>`,
  `<style>@import url("data:text/css,div{color:red}");</style>标签</div></foreignObject>`,
  `</svg>`,
].join('');

const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');
const dataUrl = (svg: string): string => `data:image/svg+xml;base64,${base64(svg)}`;

/** A blank page that records every message posted to it and fails on any request off the page. */
async function openRecordingPage(page: Page): Promise<string[]> {
  const requests: string[] = [];
  await page.route(/^https?:/, async (route) => {
    requests.push(route.request().url());
    await route.abort();
  });
  await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');
  await page.evaluate(() => {
    const messages: string[] = [];
    (window as unknown as { folioMessages: string[] }).folioMessages = messages;
    window.addEventListener('message', (event) => messages.push(String(event.data)));
  });
  return requests;
}

const postedMessages = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { folioMessages: string[] }).folioMessages);

/** Shows the markup as an image, as an SVG document in a frame and inline, the three ways a page could use it. */
async function showEveryWay(page: Page, svg: string): Promise<void> {
  await page.evaluate(
    async ({ svg, url }) => {
      const image = document.createElement('img');
      image.src = url;
      document.body.append(image);
      await image.decode();
      const frame = document.createElement('iframe');
      const frameLoaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      frame.src = url;
      document.body.append(frame);
      await frameLoaded;
      const inline = document.createElement('div');
      inline.innerHTML = svg;
      document.body.append(inline);
    },
    { svg, url: dataUrl(svg) },
  );
}

test.describe('cleaned Mermaid diagrams as images', () => {
  test('every cleaned fixture decodes as a standalone SVG image at the size the cleaner reports', async ({ page }) => {
    const requests = await openRecordingPage(page);
    for (const name of FIXTURES) {
      const cleaned = cleanDiagramSvg(readFileSync(new URL(name, FIXTURE_DIR), 'utf8'));
      const size = await page.evaluate(async (url) => {
        const image = new Image();
        image.src = url;
        await image.decode();
        return { width: image.naturalWidth, height: image.naturalHeight };
      }, dataUrl(cleaned.svg));
      expect(size, name).toEqual({ width: cleaned.width, height: cleaned.height });
      expect(cleaned.width, name).toBeGreaterThan(0);
    }
    expect(requests).toEqual([]);
  });

  test('the uncleaned hostile SVG does run code when shown, so the next check can see it', async ({ page }) => {
    await openRecordingPage(page);
    await showEveryWay(page, HOSTILE_SVG);
    await expect
      .poll(() => postedMessages(page))
      .toEqual(expect.arrayContaining(['svg onload', 'script element', 'xhtml img onerror']));
  });

  test('the cleaned hostile SVG runs nothing, as an image, as a document or inline', async ({ page }) => {
    const requests = await openRecordingPage(page);
    const cleaned = cleanDiagramSvg(HOSTILE_SVG);
    expect(cleaned).toMatchObject({ width: 200, height: 100 });
    expect(cleaned.svg).toContain('标签');
    await showEveryWay(page, cleaned.svg);
    // Give load, error and animation events, which fire within a few frames, time to happen.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1000)));
    expect(await postedMessages(page)).toEqual([]);
    expect(requests).toEqual([]);
  });
});
