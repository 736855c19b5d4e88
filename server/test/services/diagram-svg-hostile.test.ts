import { describe, expect, it } from 'vitest';
import { XMLValidator } from 'fast-xml-parser';
import { ServerMessages as M } from '@folio/shared';
import { MAX_SVG_DEPTH, cleanDiagramSvg } from '../../src/services/diagram-svg.js';
import {
  SVG_NAMESPACE,
  XHTML_NAMESPACE,
  cleanInside,
  expectRefused,
  refusalOf,
  summarize,
  svgAround,
} from './diagram-svg.fixtures.js';

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

describe('cleanDiagramSvg and nesting depth', () => {
  const nested = (depth: number, open = '<g>', close = '</g>') => `${open.repeat(depth)}深处${close.repeat(depth)}`;
  const TOO_DEEP = M.diagramSvgTooDeep(MAX_SVG_DEPTH);

  /** Refused as too deep, in far less time than the parser spent on such depth before (seconds). */
  function expectTooDeep(markup: string): void {
    const start = performance.now();
    expect(refusalOf(markup)).toMatchObject({ status: 400, slug: 'bad_request', message: TOO_DEEP });
    expect(performance.now() - start).toBeLessThan(200);
  }

  it('keeps a drawing nested as deep as the limit', () => {
    // The root is the first level.
    const { svg } = cleanDiagramSvg(svgAround(nested(MAX_SVG_DEPTH - 1)));
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg.match(/<g>/g)).toHaveLength(MAX_SVG_DEPTH - 1);
    expect(svg).toContain('深处');
  });

  it('refuses one level deeper, naming the limit', () => {
    expectTooDeep(svgAround(nested(MAX_SVG_DEPTH)));
  });

  it('refuses 74,000 nested groups (506 KB, under the size limit) at once', () => {
    const markup = svgAround(nested(74_000));
    expect(markup.length).toBeGreaterThan(500_000);
    expectTooDeep(markup);
  });

  it('counts what the parser counts: never-closed, unknown, dropped and HTML elements', () => {
    expectTooDeep(svgAround('<g>'.repeat(170_000)));
    expectTooDeep(svgAround(nested(10_000, '<unknown>', '</unknown>')));
    expectTooDeep(svgAround(nested(10_000, '<a href="#x">', '</a>')));
    expectTooDeep(svgAround(`<foreignObject>${nested(10_000, '<div>', '</div>')}</foreignObject>`));
    // A close tag hidden in an attribute value closes nothing.
    expectTooDeep(svgAround(nested(300, '<g class="</g>">', '</g>')));
  });

  it('does not count elements that close themselves or have no content', () => {
    const siblings = (markup: string) => svgAround(`<g>${markup.repeat(1000)}</g>`);
    expect(cleanDiagramSvg(siblings('<rect/>')).svg).toContain('<rect></rect>');
    expect(cleanDiagramSvg(siblings('<g></g>')).svg).toContain('<g></g><g></g>');
    expect(cleanDiagramSvg(svgAround(`<foreignObject><div>${'一<br>'.repeat(1000)}</div></foreignObject>`)).svg).toContain(
      '<br />',
    );
  });
});
