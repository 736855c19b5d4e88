import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeRegExp, stripTags } from './text.js';

describe('escapeHtml', () => {
  it('escapes every character that can open markup or close an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
  });

  it('leaves Chinese text as it is', () => {
    expect(escapeHtml('前端开发')).toBe('前端开发');
  });
});

describe('stripTags', () => {
  it('removes tags and trims the ends', () => {
    expect(stripTags(' <b>张三</b> 的<i>博客</i> ')).toBe('张三 的博客');
  });

  it('puts the separator where each tag was', () => {
    expect(stripTags('<p>第一段</p><p>第二段</p>', ' ')).toBe('第一段  第二段');
  });
});

describe('escapeRegExp', () => {
  it('makes every pattern character match itself', () => {
    const text = 'a.b*c+d?e^f$g{h}i(j)k|l[m]n\\o 中文';
    expect(new RegExp(`^${escapeRegExp(text)}$`).test(text)).toBe(true);
    expect(new RegExp(escapeRegExp('a.b')).test('axb')).toBe(false);
  });
});
