import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { WELCOME_TITLE, articleIdByTitle, openPage, routeExternal } from './helpers.js';

/** docs/spec.md §2.1: the top-bar links, and the section top's place below the window top after the scroll. */
const NAV_LABELS = [
  { id: 'home', label: '首页' },
  { id: 'about', label: '关于我' },
  { id: 'skills', label: '技能' },
  { id: 'contact', label: '联系方式' },
  { id: 'projects', label: '项目' },
  { id: 'articles', label: '文章' },
] as const;
const SCROLL_OFFSET = 70;

/** Sums every layout shift the page reports (CLS as Chromium computes it), from the first paint on. */
async function recordLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = window as unknown as { __cls: number; __shifts: string[] };
    record.__cls = 0;
    record.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        record.__cls += entry.value;
        const nodes = entry.sources.map((source) =>
          source.node instanceof Element
            ? `${source.node.tagName.toLowerCase()}#${source.node.id}`
            : String(source.node?.nodeName),
        );
        record.__shifts.push(`${entry.value.toFixed(4)} ${nodes.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function layoutShift(page: Page): Promise<{ cls: number; shifts: string[] }> {
  return page.evaluate(() => {
    const record = window as unknown as { __cls: number; __shifts: string[] };
    return { cls: record.__cls, shifts: record.__shifts };
  });
}

/** Everything that loads late has arrived (or failed): the calendar, the avatar, the projects. */
async function waitForLateContent(page: Page, failing: boolean): Promise<void> {
  const calendar = page.getByTestId('home-calendar');
  await expect(calendar).toHaveAttribute('data-loaded', 'true');
  if (failing) {
    await expect(page.getByTestId('home-calendar-failed')).toBeVisible();
    await expect(page.getByTestId('projects-warning')).toBeVisible();
  } else {
    await expect.poll(() => calendar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await expect(page.getByTestId('project-card').first()).toBeVisible();
  }
}

/** Scrolls down one screen at a time so every lazy image below the fold loads too. */
async function scrollThrough(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = page.viewportSize()?.height ?? 800;
  for (let y = 0; y < height; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  await page.evaluate(() => Promise.all(Array.from(document.images, (image) => image.decode().catch(() => undefined))));
}

/** Resolves once the window has not scrolled for 30 frames in a row (the smooth scroll is over). */
async function waitForScrollEnd(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const check = () => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if (still >= 30) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

for (const failing of [false, true]) {
  const variant = failing ? 'the calendar and the code host failing' : 'the calendar and the code host answering';
  for (const width of [1280, 375]) {
    test.describe(`landing page at ${width} px with ${variant}`, () => {
      test.describe.configure({ timeout: 180_000 });
      test.beforeEach(async ({ page, codeHost }) => {
        await page.setViewportSize({ width, height: 800 });
        if (failing) {
          codeHost.reply({ kind: 'status', status: 503 });
          await routeExternal(page);
          // The calendar image answers an error: it must keep its box.
          await page.route(/ghchart/, (route) => route.fulfill({ status: 404, body: '' }));
        } else {
          await routeExternal(page);
        }
      });

      test('nothing shifts once the page is painted (CLS stays ~0)', async ({ page }) => {
        await recordLayoutShift(page);
        await openPage(page, '/');
        await waitForLateContent(page, failing);
        await scrollThrough(page);
        const { cls, shifts } = await layoutShift(page);
        // Bounded on the sum, with every shift named in the message: the fault this guards
        // against measured 0.0146. Shifts of the avatar (0.0004) and of the hero's text (0.0096)
        // came from paints made while the HTML still arrived; the test below covers those.
        expect(cls, `layout shifts: ${shifts.join(' | ')}`).toBeLessThan(0.005);
      });

      test('each top-bar link lands its section 70 px below the top, even while content still loads', async ({ page }) => {
        // No waiting for the calendar: clicks come right after hydration, while it still loads.
        await openPage(page, '/');
        const toggle = page.getByRole('button', { name: '打开菜单' });
        for (const { id, label } of NAV_LABELS) {
          if (width < 768) await toggle.click();
          await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: label, exact: true }).click();
          await waitForScrollEnd(page);
          const { top, scrollY } = await page.evaluate(
            (sectionId) => ({
              top: document.getElementById(sectionId)?.getBoundingClientRect().top ?? Number.NaN,
              scrollY: window.scrollY,
            }),
            id,
          );
          if (id === 'home') {
            // The first section starts right under the 64 px bar: the page cannot scroll above 0.
            expect(scrollY, 'scrolled back to the top').toBe(0);
          } else {
            expect(Math.abs(top - SCROLL_OFFSET), `${label}: section top ${top}px`).toBeLessThanOrEqual(2);
          }
        }
        if (failing) await expect(page.getByTestId('home-calendar-failed')).toBeAttached();
      });
    });
  }
}

/**
 * A browser paints a page while its HTML still arrives (Chromium did so here on a loaded machine),
 * so whatever is painted must not move when the rest comes in: nothing may be placed by content
 * that follows it, as in a row centred on its tallest item. This cuts the server-rendered page
 * before the content of each block in turn, as the parser would leave it, and compares the place
 * of everything painted by then (text, images, boxes with a background, border or shadow) with
 * its place in the whole page.
 */
test.describe('while the page is still arriving', () => {
  test.use({ javaScriptEnabled: false });

  for (const [pageName, width] of [
    ['the landing page', 1280],
    ['the landing page', 375],
    ['an article page', 1280],
    ['an article page', 375],
  ] as const) {
    test(`${pageName} at ${width} px: nothing painted moves when the rest of it arrives`, async ({ page, server }) => {
      await page.setViewportSize({ width, height: 800 });
      await routeExternal(page);
      await page.goto(pageName === 'the landing page' ? '/' : `/articles/${await articleIdByTitle(server, WELCOME_TITLE)}`);
      const { moved, cuts } = await page.evaluate(() => {
        // A spinning ring's bounding box changes with its angle: places are compared standing still.
        const still = document.createElement('style');
        still.textContent = '*, *::before, *::after { animation: none !important; transition: none !important; }';
        document.head.append(still);
        const root = document.querySelector('main') ?? document.body;
        const whole = root.innerHTML;
        const corner = (rect: DOMRect) => `${Math.round(rect.left)},${Math.round(rect.top)}`;
        const paintsABox = (element: Element) => {
          if (element instanceof HTMLImageElement || element instanceof SVGSVGElement) return true;
          const style = getComputedStyle(element);
          return (
            !/rgba\(.*, 0\)|transparent/.test(style.backgroundColor) ||
            style.backgroundImage !== 'none' ||
            style.boxShadow !== 'none' ||
            ['top', 'right', 'bottom', 'left'].some((side) => style.getPropertyValue(`border-${side}-width`) !== '0px')
          );
        };
        /** Where each painted thing is, keyed by its element's place in document order. */
        const painted = () => {
          const places = new Map<string, string>();
          Array.from(root.getElementsByTagName('*')).forEach((element, index) => {
            const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${(element.getAttribute('class') ?? '').split(' ')[0]}`;
            if (paintsABox(element)) places.set(`${index} ${name}`, corner(element.getBoundingClientRect()));
            Array.from(element.childNodes).forEach((child, childIndex) => {
              if (child.nodeType !== Node.TEXT_NODE || !child.textContent?.trim()) return;
              const range = document.createRange();
              range.selectNodeContents(child);
              const firstLine = range.getClientRects()[0];
              if (firstLine)
                places.set(`${index} ${name} text ${childIndex} "${child.textContent.trim().slice(0, 12)}"`, corner(firstLine));
            });
          });
          return places;
        };
        // A line (a link, a heading, a button with its icon) is a few bytes the parser reads at
        // once; blocks are where it can stop long enough for a paint.
        const inALine = (element: Element | null): boolean =>
          element !== null &&
          element !== root &&
          (getComputedStyle(element).display.startsWith('inline') || inALine(element.parentElement));
        const settled = painted();
        const count = root.getElementsByTagName('*').length;
        const found: string[] = [];
        let cuts = 0;
        for (let cut = 0; cut < count && found.length < 10; cut += 1) {
          const element = root.getElementsByTagName('*')[cut]!;
          if (element.parentElement?.closest('svg, a, p, h1, h2, h3, button, label') || inALine(element)) continue;
          const range = document.createRange();
          range.setStart(element, 0);
          range.setEndAfter(root.lastChild!);
          range.deleteContents();
          cuts += 1;
          for (const [key, place] of painted()) {
            if (place !== settled.get(key))
              found.push(`${key} at ${place} while the page ends at element ${cut}, then at ${settled.get(key)}`);
          }
          root.innerHTML = whole;
        }
        return { moved: found, cuts };
      });
      expect(moved).toEqual([]);
      // Every section, card and paragraph is a place the page was cut.
      expect(cuts).toBeGreaterThan(30);
    });
  }
});
