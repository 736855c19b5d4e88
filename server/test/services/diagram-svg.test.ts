import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { XMLValidator } from 'fast-xml-parser';
import { ServerMessages as M } from '@folio/shared';
import { AppError } from '../../src/errors.js';
import { cleanDiagramSvg } from '../../src/services/diagram-svg.js';
import {
  FIXTURES,
  SEED,
  SVG_NAMESPACE,
  cleanInside,
  expectRefused,
  readFixture,
  refusalOf,
  summarize,
  svgAround,
  viewBoxSize,
} from './diagram-svg.fixtures.js';

describe('cleanDiagramSvg on real Mermaid 11 output', () => {
  it('has a fixture for every diagram kind in both themes', () => {
    const kinds = ['flowchart', 'sequence', 'class', 'state', 'er', 'gantt', 'pie', 'mindmap', 'timeline', 'gitgraph', 'journey'];
    for (const kind of kinds) expect(FIXTURES).toEqual(expect.arrayContaining([`${kind}.light.svg`, `${kind}.dark.svg`]));
  });

  it.each(FIXTURES)('keeps every element, label, style rule and attribute of %s', (name) => {
    const markup = readFixture(name);
    const before = summarize(markup);
    const after = summarize(cleanDiagramSvg(markup).svg);
    expect(after.elements).toEqual(before.elements);
    expect(after.texts).toEqual(before.texts);
    expect(after.styleSheets).toEqual(before.styleSheets);
    expect(after.styleSheets.join('')).toMatch(/[.#][\w-]+/);
    // Only `name` (on sequence actors) goes: an unrendered label copy that no rule selects on.
    const { name: _name, ...attributesBefore } = before.attributes;
    expect(after.attributes).toEqual(attributesBefore);
  });

  it.each(FIXTURES)('sizes %s by its viewBox and writes well-formed XML that cleans to itself', (name) => {
    const markup = readFixture(name);
    const { width, height } = viewBoxSize(markup);
    const cleaned = cleanDiagramSvg(markup);
    expect(cleaned.width).toBe(Math.ceil(width));
    expect(cleaned.height).toBe(Math.ceil(height));
    expect(XMLValidator.validate(cleaned.svg)).toBe(true);
    const root = summarize(cleaned.svg).rootAttributes;
    expect(root).toMatchObject({ xmlns: SVG_NAMESPACE, width: String(cleaned.width), height: String(cleaned.height) });
    expect(viewBoxSize(cleaned.svg)).toEqual({ width, height });
    expect(root.style ?? '').not.toMatch(/width/);
    expect(cleanDiagramSvg(cleaned.svg)).toEqual(cleaned);
  });

  it('keeps the Chinese labels and the labels that look like markup', () => {
    const labels = (name: string): string => summarize(cleanDiagramSvg(readFixture(name)).svg).texts.join('');
    for (const label of ['开始', '准备', '是否继续?', '处理', '<数据>', '数据库', '结束'])
      expect(labels('flowchart.light.svg')).toContain(label);
    for (const label of ['浏览器', '服务器', 'GET /articles', '缓存 5 分钟', '每分钟'])
      expect(labels('sequence.dark.svg')).toContain(label);
    for (const label of ['Article', 'Comment', '评论']) expect(labels('class.light.svg')).toContain(label);
    expect(labels('flowchart-labels.light.svg')).toContain('<b>');
    expect(labels('flowchart-labels.light.svg')).toContain('子图');
  });

  it("keeps the journey diagram's foreignObject labels, in the XHTML namespace", () => {
    const { svg } = cleanDiagramSvg(readFixture('journey.light.svg'));
    expect(svg).toMatch(/<switch><foreignObject [^>]*><div xmlns="http:\/\/www\.w3\.org\/1999\/xhtml" class="task"/);
    expect(summarize(svg).texts).toContain('打开网站');
  });

  it("keeps the sequence diagram's escaped child combinators in its style sheet", () => {
    const { svg } = cleanDiagramSvg(readFixture('sequence.light.svg'));
    expect(svg).toContain('text.actor&gt;tspan{');
    expect(summarize(svg).styleSheets.join('')).toContain('text.actor>tspan{');
  });
});

describe('cleanDiagramSvg sizes and root', () => {
  it('rounds the viewBox size up to whole pixels', () => {
    expect(cleanDiagramSvg(svgAround('').replace('0 0 100 50', '-10 -5 295.4179992675781 458.0001'))).toMatchObject({
      width: 296,
      height: 459,
    });
    expect(cleanDiagramSvg('<svg viewBox="0,0,10.5,3"></svg>').svg).toBe(
      `<svg xmlns="${SVG_NAMESPACE}" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10.5 3" width="11" height="3"></svg>`,
    );
    expect(cleanDiagramSvg('<svg viewBox="0 0 20000 1e1"></svg>')).toMatchObject({ width: 20000, height: 10 });
  });

  it("replaces Mermaid's width and height and drops sizing from the root style, keeping the rest", () => {
    const { svg } = cleanDiagramSvg(
      `<svg id="m" width="100%" height="565" style="max-width: 295px; background: white; min-height:1px" viewBox="0 0 295 458"></svg>`,
    );
    expect(svg).toBe(
      `<svg xmlns="${SVG_NAMESPACE}" xmlns:xlink="http://www.w3.org/1999/xlink" id="m" style="background: white" viewBox="0 0 295 458" width="295" height="458"></svg>`,
    );
  });

  it('tolerates an XML declaration, comments, whitespace and a byte order mark around the root', () => {
    const { svg } = cleanDiagramSvg(
      `\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- Mermaid -->\n${svgAround('<rect/>')}\n\n`,
    );
    expect(svg).toBe(cleanInside('<rect/>'));
    expect(cleanDiagramSvg('<svg viewBox="0 0 1 1"/>').svg).toMatch(/^<svg [^>]+><\/svg>$/);
  });

  it.each([
    ['empty markup', ''],
    ['whitespace', ' \n '],
    ['plain text', '流程图'],
    ['another root element', '<g viewBox="0 0 10 10"></g>'],
    ['an HTML page around the SVG', '<html><body><svg viewBox="0 0 10 10"></svg></body></html>'],
    ['an upper-case root', '<SVG viewBox="0 0 10 10"></SVG>'],
    ['text before the root', `x${svgAround('')}`],
    ['text after the root', `${svgAround('')}x`],
    ['a second root', `${svgAround('')}${svgAround('')}`],
    ['an element after the root', `${svgAround('')}<rect/>`],
    ['no viewBox', '<svg width="10" height="10"></svg>'],
    ['a viewBox of three numbers', '<svg viewBox="0 0 10"></svg>'],
    ['a viewBox of five numbers', '<svg viewBox="0 0 10 10 10"></svg>'],
    ['a zero width', '<svg viewBox="0 0 0 10"></svg>'],
    ['a negative height', '<svg viewBox="0 0 10 -10"></svg>'],
    ['NaN', '<svg viewBox="0 0 NaN 10"></svg>'],
    ['Infinity', '<svg viewBox="0 0 Infinity 10"></svg>'],
    ['a number beyond doubles', '<svg viewBox="0 0 1e400 10"></svg>'],
    ['an infinite origin', '<svg viewBox="-1e400 0 10 10"></svg>'],
    ['a hexadecimal number', '<svg viewBox="0 0 0x10 10"></svg>'],
    ['units', '<svg viewBox="0 0 10px 10px"></svg>'],
    ['an absurd width', '<svg viewBox="0 0 20001 10"></svg>'],
    ['an absurd height', '<svg viewBox="0 0 10 1e6"></svg>'],
    ['a truncated upload', '<svg viewBox="0 0 10 10"><g><rect x="1"'],
    ['a root that is never closed', '<svg viewBox="0 0 10 10"><text>a</text>'],
  ])('refuses %s', (_case, markup) => {
    expectRefused(markup);
  });
});

describe('cleanDiagramSvg on random input', () => {
  const PIECES = [
    '<svg viewBox="0 0 10 10">',
    '<svg viewBox="0 0 10 10"/>',
    '</svg>',
    '<g>',
    '</g>',
    '<g/>',
    '<text x="1">',
    '</text>',
    '<tspan>',
    'a&amp;b',
    '&nbsp;',
    '&lt;',
    '&#1;',
    '&bogus;',
    '&',
    '<style>',
    '</style>',
    '.a>b{fill:red}',
    '&gt;',
    '<!--',
    '-->',
    '<![CDATA[',
    ']]>',
    '"',
    "'",
    '<',
    '>',
    '/>',
    '=',
    '<script>',
    '</script>',
    '<foreignObject>',
    '</foreignObject>',
    '<div>',
    '</div>',
    '<br>',
    '<p>',
    '</p>',
    '<title>',
    '</title>',
    '<textarea>',
    '<rect style="fill:url(#a)" fill="url(http://x)" onclick="x"/>',
    '<use href="#a"/>',
    '<a href="javascript:x">',
    '</a>',
    '<?xml version="1.0"?>',
    ' ',
    '\n',
    '中',
    '\u0000',
    '\uD800',
  ];
  const fragments = fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((pieces) => pieces.join(''));
  const markup = fc.oneof(
    fragments.map((inner) => `<svg viewBox="0 0 10 10">${inner}</svg>`),
    fragments,
    fc.string({ maxLength: 60 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
  );

  it('refuses with the API error or returns well-formed XML with nothing active in it', () => {
    fc.assert(
      fc.property(markup, (input) => {
        let cleaned;
        try {
          cleaned = cleanDiagramSvg(input);
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect(error).toMatchObject({ status: 400, message: M.diagramSvgInvalid });
          return;
        }
        expect(XMLValidator.validate(cleaned.svg)).toBe(true);
        expect(cleaned.svg).not.toMatch(/<script|<a[\s>]|\son\w+=|javascript:|url\(http/i);
        // The HTML parser closes a <p> that a dropped element used to hide, so the second pass
        // may nest differently; it must still be well-formed.
        expect(XMLValidator.validate(cleanDiagramSvg(cleaned.svg).svg)).toBe(true);
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it('refuses or cleans every truncation of a real diagram', () => {
    const markup = readFixture('journey.dark.svg');
    for (let length = 0; length < markup.length; length += 37) {
      const error = refusalOf(markup.slice(0, length));
      if (error) expect(error).toMatchObject({ status: 400, message: M.diagramSvgInvalid });
      else expect(XMLValidator.validate(cleanDiagramSvg(markup.slice(0, length)).svg)).toBe(true);
    }
  });
});
