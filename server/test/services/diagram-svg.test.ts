import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ServerMessages as M } from '@folio/shared';
import { AppError } from '../../src/errors.js';
import { cleanDiagramSvg } from '../../src/services/diagram-svg.js';

/**
 * Real Mermaid 11 output (every diagram kind, light and dark theme), drawn in Chromium with the
 * admin's settings by ../fixtures/diagrams/render-diagram-fixtures.ts, which can redraw them.
 */
const FIXTURE_DIR = new URL('../fixtures/diagrams/', import.meta.url);
const FIXTURES = readdirSync(FIXTURE_DIR)
  .filter((name) => name.endsWith('.svg'))
  .sort();
const readFixture = (name: string): string => readFileSync(new URL(name, FIXTURE_DIR), 'utf8');

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
/** A fixed seed, printed by fast-check on failure, so a failing run can be replayed exactly. */
const SEED = 20261126;

const svgAround = (inner: string, rootAttributes = ''): string =>
  `<svg xmlns="${SVG_NAMESPACE}" viewBox="0 0 100 50"${rootAttributes}>${inner}</svg>`;

/** The cleaned markup of `inner` drawn inside a valid root. */
const cleanInside = (inner: string, rootAttributes = ''): string => cleanDiagramSvg(svgAround(inner, rootAttributes)).svg;

function refusalOf(markup: string): unknown {
  try {
    cleanDiagramSvg(markup);
  } catch (error) {
    return error;
  }
  return null;
}

function expectRefused(markup: string): void {
  const error = refusalOf(markup);
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ status: 400, slug: 'bad_request', message: M.diagramSvgInvalid });
}

/** What a drawing is made of, read by an XML parser: the cleaned image must keep all of it. */
interface DrawingSummary {
  rootAttributes: Record<string, string>;
  elements: Record<string, number>;
  /** Non-empty attributes below the root, by name. */
  attributes: Record<string, number>;
  texts: string[];
  styleSheets: string[];
}

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  preserveOrder: true,
  trimValues: false,
  parseTagValue: false,
});

function summarize(svg: string): DrawingSummary {
  const summary: DrawingSummary = { rootAttributes: {}, elements: {}, attributes: {}, texts: [], styleSheets: [] };
  const visit = (nodes: unknown, parentName: string | null): void => {
    if (!Array.isArray(nodes)) return;
    for (const node of nodes as Record<string, unknown>[]) {
      const attributes = (node[':@'] ?? {}) as Record<string, string>;
      for (const [key, value] of Object.entries(node)) {
        if (key === ':@') continue;
        if (key === '#text') {
          if (parentName === 'style') summary.styleSheets.push(String(value));
          else if (String(value).trim()) summary.texts.push(String(value));
          continue;
        }
        summary.elements[key] = (summary.elements[key] ?? 0) + 1;
        if (parentName === null) summary.rootAttributes = attributes;
        else {
          for (const [name, attributeValue] of Object.entries(attributes)) {
            if (attributeValue !== '') summary.attributes[name] = (summary.attributes[name] ?? 0) + 1;
          }
        }
        visit(value, key);
      }
    }
  };
  visit(xmlParser.parse(svg), null);
  return summary;
}

function viewBoxSize(markup: string): { width: number; height: number } {
  const [, , width = NaN, height = NaN] = (/viewBox="([^"]+)"/.exec(markup)?.[1] ?? '').split(/[\s,]+/).map(Number);
  return { width, height };
}

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

describe('cleanDiagramSvg against hostile markup', () => {
  it('removes script elements in any letter case or prefix, with their code', () => {
    const svg = cleanInside(
      '<script>window.pwned = 1</script><SCRIPT>window.pwned = 2</SCRIPT><svg:script>window.pwned = 3</svg:script><rect/>',
    );
    expect(svg).not.toMatch(/script|pwned/i);
    expect(svg).toContain('<rect></rect>');
  });

  it('removes event handler attributes, the root one included', () => {
    const svg = cleanInside('<rect onclick="x()" ONMOUSEOVER="x()" onbegin="x()" width="5"/>', ' onload="window.pwned = 1"');
    expect(svg).not.toMatch(/\son\w*=|pwned/i);
    expect(svg).toContain('<rect width="5"></rect>');
  });

  it('keeps only same-document links', () => {
    const svg = cleanInside(
      [
        '<use href="https://evil.example/x.svg#a"/>',
        '<use xlink:href="data:image/svg+xml,&lt;svg onload=alert(1)&gt;"/>',
        '<use href="javascript:alert(1)"/>',
        '<use href=" #a"/>',
        '<use href="#marker-1"/>',
        '<use xlink:href="#marker-2"/>',
      ].join(''),
    );
    expect(svg).not.toMatch(/evil|data:|javascript:|href=" /);
    expect(svg).toContain('<use href="#marker-1"></use><use xlink:href="#marker-2"></use>');
    expect(svg).toContain(`xmlns:xlink="http://www.w3.org/1999/xlink"`);
  });

  it('removes links, images, frames, plug-ins and filter images but keeps the text they wrapped', () => {
    const svg = cleanInside(
      '<a href="https://evil.example/"><text>链接</text></a><image href="https://evil.example/x.png"/>' +
        '<filter id="f"><feImage href="https://evil.example/x.png"/></filter>' +
        '<foreignObject><iframe src="https://evil.example/"></iframe><object data="https://evil.example/x"></object><embed src="https://evil.example/x"/></foreignObject>',
    );
    expect(svg).not.toMatch(/<a[\s>]|<image|feImage|<iframe|<object|<embed|evil/);
    expect(svg).toContain('<text>链接</text>');
  });

  it('removes animations, which could rewrite a link or a handler after cleaning', () => {
    const svg = cleanInside(
      '<rect><animate attributeName="href" to="javascript:alert(1)"/><set attributeName="onclick" to="alert(1)"/>' +
        '<animateTransform attributeName="transform" type="rotate" from="0" to="360" dur="1s"/><animateMotion path="M0 0L1 1"/></rect>',
    );
    expect(svg).not.toMatch(/animate|<set|alert/i);
  });

  it('keeps only harmless XHTML with class and style inside a foreignObject', () => {
    const svg = cleanInside(
      '<foreignObject width="50" height="20"><div class="label" onclick="x()" style="color: red">标签<b>粗</b><br>' +
        '<img src="x" onerror="alert(1)"><a href="https://evil.example/">文字</a><script>alert(1)</script><input value="x"></div></foreignObject>',
    );
    expect(svg).not.toMatch(/onclick|<img|onerror|<a[\s>]|evil|<script|alert|<input/);
    expect(svg).toContain(
      `<foreignObject width="50" height="20"><div xmlns="${XHTML_NAMESPACE}" class="label" style="color: red">标签<b>粗</b><br />文字</div></foreignObject>`,
    );
  });

  it('declares only the SVG and XHTML namespaces', () => {
    const svg = cleanDiagramSvg(
      `<svg xmlns="${XHTML_NAMESPACE}" xmlns:evil="https://evil.example/ns" viewBox="0 0 10 10">` +
        `<g xmlns="${XHTML_NAMESPACE}" evil:href="https://evil.example/" xml:base="https://evil.example/"><rect/></g></svg>`,
    ).svg;
    expect(svg).not.toMatch(/evil|xml:base/);
    expect(svg).toMatch(new RegExp(`^<svg xmlns="${SVG_NAMESPACE}" xmlns:xlink="http://www.w3.org/1999/xlink"`));
    expect(svg).toContain('<g><rect></rect></g>');
  });

  const UNSAFE_CSS = [
    'fill: url(https://evil.example/x#a)',
    'fill: URL( "//evil.example/x" )',
    'background: url(javascript:alert(1))',
    'background: url(data:image/png;base64,AAAA)',
    'behavior: url(x.htc)',
    '-moz-binding: url(x.xml#b)',
    'width: expression(alert(1))',
    'fill: u\\72 l(https://evil.example/x)',
    '@import "https://evil.example/x.css"',
    'background-image: image-set("https://evil.example/x.png" 1x)',
    'fill: red; <script>',
    'content: "javascript:alert(1)"',
  ];

  it.each(UNSAFE_CSS)('drops a style attribute with %s', (css) => {
    const svg = cleanInside(`<rect style='${css}' width="5"/>`);
    expect(svg).toContain('<rect width="5"></rect>');
  });

  it.each(UNSAFE_CSS)('drops a presentation attribute with %s', (css) => {
    const svg = cleanInside(`<rect fill='${css}' width="5"/>`);
    expect(svg).toContain('<rect width="5"></rect>');
  });

  it('keeps styles and presentation attributes that point inside the image', () => {
    const svg = cleanInside(
      `<path style="fill: url(#gradient); stroke: red" marker-end="url(#arrow)" clip-path="url('#clip')"/>`,
    );
    expect(svg).toContain(
      `<path style="fill: url(#gradient); stroke: red" marker-end="url(#arrow)" clip-path="url('#clip')"></path>`,
    );
  });

  it.each([
    ...UNSAFE_CSS.filter((css) => !css.includes('<')).map((css) => `.node { ${css} }`),
    '.node { fill: red } &lt;/style&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
    '.node { content: "&#92;72" }',
    '.node { content: "&amp;" }',
    '.node { content: "&nbsp;" }',
    '<![CDATA[ .node { fill: red } ]]>',
    '.node { content: "]]>" }',
  ])('drops a whole style sheet with %s', (css) => {
    const svg = cleanInside(`<style>${css}</style><rect/>`);
    expect(svg).not.toContain('<style');
    expect(svg).toContain('<rect></rect>');
  });

  it('keeps a safe style sheet exactly, escaped as Mermaid wrote it', () => {
    const css = '#d .actor&gt;tspan{fill:black;}#d .node{fill:url(#d-gradient);font-family:"trebuchet ms";}';
    expect(cleanInside(`<style>${css}</style>`)).toContain(`<style>${css}</style>`);
  });

  it('refuses document type and entity declarations (XXE, billion laughs)', () => {
    expectRefused(`<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${svgAround('<text>&xxe;</text>')}`);
    expectRefused(
      `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>${svgAround('<text>&lol2;</text>')}`,
    );
    expectRefused(`<!doctype svg>${svgAround('')}`);
    expectRefused(svgAround('<!ENTITY a "b"><text>&a;</text>'));
  });

  it('never expands an undeclared entity', () => {
    expect(cleanInside('<text>&xxe;</text>')).toContain('<text>&amp;xxe;</text>');
  });

  it('drops processing instructions and comments', () => {
    const markup = `<?xml-stylesheet href="https://evil.example/x.css"?>${svgAround('<?php echo 1 ?><!-- 秘密 --><rect/>')}`;
    const svg = cleanDiagramSvg(markup).svg;
    expect(svg).not.toMatch(/<\?|evil|<!--|秘密|php/);
    expect(svg).toContain('<rect></rect>');
  });

  it('keeps the links of the first 16 <use> elements only (no use-in-use explosion)', () => {
    const groups = Array.from(
      { length: 20 },
      (_, level) => `<g id="g${level + 1}"><use href="#g${level}"/><use href="#g${level}"/></g>`,
    );
    const svg = cleanInside(`<defs><g id="g0"><rect/></g>${groups.join('')}</defs>`);
    expect(svg.match(/<use href=/g)).toHaveLength(16);
    expect(svg.match(/<use[\s>]/g)).toHaveLength(40);
  });

  it('caps the nesting depth of 10,000 nested groups without overflowing the stack', () => {
    const start = performance.now();
    const { svg } = cleanDiagramSvg(svgAround(`${'<g>'.repeat(10_000)}深处${'</g>'.repeat(10_000)}`));
    expect(performance.now() - start).toBeLessThan(2000);
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg.match(/<g>/g)?.length).toBeLessThan(300);
    expect(svg).toContain('深处');
  });

  it('refuses an image with more than a few unsafe style sheets rather than spend seconds on them', () => {
    expectRefused(svgAround('<style>@import "x";</style>'.repeat(9)));
    const start = performance.now();
    expectRefused(svgAround('<rect width="1"></rect>'.repeat(10_000) + '<style>\\</style>'.repeat(20_000)));
    expect(performance.now() - start).toBeLessThan(2000);
  });
});

describe('cleanDiagramSvg with entities and characters', () => {
  it('decodes HTML entities, which XML does not know, to characters', () => {
    const svg = cleanInside('<text aria-label="a&nbsp;b">x&nbsp;y &copy; &hellip; &#x4E2D;&#25991;</text>');
    expect(svg).toContain('<text aria-label="a\u00A0b">x\u00A0y © … 中文</text>');
    expect(svg).not.toMatch(/&(?!amp;|lt;|gt;|quot;)/);
  });

  it('keeps markup-like text escaped, and as the same text once parsed', () => {
    const svg = cleanInside('<text data-note="&quot;a&quot; &lt;b&gt;">a &amp; &lt;b&gt; "c"</text>');
    expect(svg).toContain('<text data-note="&quot;a&quot; &lt;b&gt;">a &amp; &lt;b&gt; "c"</text>');
    expect(summarize(svg).texts).toEqual(['a & <b> "c"']);
  });

  it('removes characters XML forbids, raw or as references', () => {
    const svg = cleanInside('<text x="1\u0001">a\u0000b&#1;c&#xFFFE;d\uD800e\u0008</text>');
    expect(svg).toContain('<text x="1">abcde</text>');
    expect(XMLValidator.validate(svg)).toBe(true);
  });

  it('does not let a removed control character join `url(` together', () => {
    expect(
      cleanInside('<rect fill="u\u0001rl(https://evil.example/x)" style="fill: u&#1;rl(https://evil.example/x)"/>'),
    ).not.toMatch(/evil/);
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
