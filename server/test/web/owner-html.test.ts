import { describe, expect, it } from 'vitest';
import { sanitizeOwnerHtml } from '../../src/web/owner-html.js';

/** Hostile owner/pasted HTML and what must not survive it. */
const HOSTILE: { input: string; forbidden: RegExp[] }[] = [
  { input: '<p>hi</p><script>alert(1)</script>', forbidden: [/<script/i, /alert/] },
  { input: '<img src=x onerror="alert(1)">', forbidden: [/onerror/i] },
  { input: '<a href="javascript:alert(1)">x</a>', forbidden: [/javascript:/i] },
  { input: '<a href=" jav&#x09;ascript:alert(1)">x</a>', forbidden: [/ascript:/i] },
  { input: '<a href="data:text/html,<script>alert(1)</script>">x</a>', forbidden: [/data:/i, /<script/i] },
  { input: '<svg><script>alert(1)</script></svg>', forbidden: [/<svg/i, /<script/i] },
  { input: '<svg onload=alert(1)>', forbidden: [/onload/i] },
  { input: '<style>body{display:none}</style><p>text</p>', forbidden: [/<style/i, /display:none/] },
  { input: '<p style="position:fixed;inset:0;background:red">cover</p>', forbidden: [/style=/i, /position/] },
  { input: '<div style="background:url(javascript:alert(1))">x</div>', forbidden: [/style=/i] },
  { input: '<iframe src="https://evil.example"></iframe>', forbidden: [/<iframe/i, /evil/] },
  { input: '<object data="x.swf"></object><embed src="x">', forbidden: [/<object/i, /<embed/i] },
  { input: '<form action="https://evil.example"><input name="p"></form>', forbidden: [/<form/i, /<input/i] },
  { input: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', forbidden: [/onerror/i, /<style/i] },
  { input: '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', forbidden: [/onerror/i] },
  { input: '<a href="#" onclick="alert(1)" class="x" data-x="1">x</a>', forbidden: [/onclick/i, /data-x/] },
  { input: '<meta http-equiv="refresh" content="0;url=https://evil.example">', forbidden: [/<meta/i] },
  { input: '<base href="https://evil.example/">', forbidden: [/<base/i] },
  { input: '<link rel="stylesheet" href="https://evil.example/x.css">', forbidden: [/<link/i] },
  { input: '<template><script>alert(1)</script></template>', forbidden: [/<template/i, /alert/] },
];

describe('owner HTML sanitiser on the server (shared allow-list)', () => {
  it.each(HOSTILE)('makes $input safe', ({ input, forbidden }) => {
    const output = sanitizeOwnerHtml(input);
    for (const pattern of forbidden) expect(output).not.toMatch(pattern);
  });

  it('keeps the formatting the owner is meant to use', () => {
    const html =
      '<p>周末<strong>骑行</strong>与<em>拍照</em></p><ul><li><a href="https://example.com" target="_blank" rel="noopener">链接</a></li></ul><img src="/uploads/a.png" alt="图">';
    // Void elements come back in XHTML form (`<img ... />`), which parses to the same DOM.
    expect(sanitizeOwnerHtml(html)).toBe(html.replace('alt="图">', 'alt="图" />'));
  });

  it('drops a style element with its content and a style attribute but keeps the text', () => {
    expect(sanitizeOwnerHtml('<style>p{color:red}</style><p style="color:red">文字</p>')).toBe('<p>文字</p>');
  });

  it('keeps mailto and tel links and relative links', () => {
    const html = '<a href="mailto:a@example.com">邮件</a><a href="tel:+8610">电话</a><a href="/articles/1">文章</a>';
    expect(sanitizeOwnerHtml(html)).toBe(html);
  });

  it('answers empty input with an empty string', () => {
    expect(sanitizeOwnerHtml('')).toBe('');
  });
});
