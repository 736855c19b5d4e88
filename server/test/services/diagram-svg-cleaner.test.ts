import { afterEach, describe, expect, it } from 'vitest';
import { LIMITS, ServerMessages as M } from '@folio/shared';
import { DiagramSvgCleaner } from '../../src/services/diagram-svg-cleaner.js';
import { MAX_SVG_DEPTH, cleanDiagramSvg } from '../../src/services/diagram-svg.js';
import { svgAround } from './diagram-svg.fixtures.js';

let cleaner: DiagramSvgCleaner | undefined;
afterEach(() => cleaner?.close());

/** Five times the SVG of empty groups an upload may hold: over half a second of cleaning. */
const slow = () => svgAround('<g></g>'.repeat(Math.floor((5 * LIMITS.diagramSvgBytes) / 7)));

describe('DiagramSvgCleaner', () => {
  it('answers in its worker thread what cleanDiagramSvg answers', async () => {
    cleaner = new DiagramSvgCleaner();
    const markup = svgAround('<rect width="4" onclick="alert(1)"></rect><script>alert(2)</script>');
    await expect(cleaner.clean(markup)).resolves.toEqual(cleanDiagramSvg(markup));
    await expect(cleaner.clean('<g></g>')).rejects.toMatchObject({ status: 400, message: M.diagramSvgInvalid });
    await expect(cleaner.clean(svgAround('<g>'.repeat(MAX_SVG_DEPTH)))).rejects.toMatchObject({
      status: 400,
      message: M.diagramSvgTooDeep(MAX_SVG_DEPTH),
    });
  });

  it('refuses a cleaning that takes too long, stops its thread, and cleans the next one in a new thread', async () => {
    cleaner = new DiagramSvgCleaner(100);
    // The limit counts the cleaning, not the start of the thread (a few hundred milliseconds).
    await cleaner.clean(svgAround(''));
    await expect(cleaner.clean(slow())).rejects.toMatchObject({ status: 400, message: M.diagramSvgTooComplex });
    await expect(cleaner.clean(svgAround('<rect></rect>'))).resolves.toMatchObject({ width: 100, height: 50 });
  });

  it('cleans uploads one at a time, each answered with its own result', async () => {
    cleaner = new DiagramSvgCleaner();
    const sizes = [10, 20, 30, 40];
    const results = await Promise.all(sizes.map((width) => cleaner?.clean(`<svg viewBox="0 0 ${width} 5"></svg>`)));
    expect(results.map((result) => result?.width)).toEqual(sizes);
  });
});
