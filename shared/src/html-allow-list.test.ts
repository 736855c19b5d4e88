import { describe, expect, it } from 'vitest';
import { OWNER_HTML_ALLOW_LIST, allowedAttributeNames, allowedUrlPattern } from './html-allow-list.js';

describe('owner HTML allow-list', () => {
  it('allows neither style elements nor style attributes, nor anything that runs', () => {
    expect(OWNER_HTML_ALLOW_LIST.tags).not.toContain('style');
    expect(OWNER_HTML_ALLOW_LIST.tags).not.toContain('script');
    expect(OWNER_HTML_ALLOW_LIST.tags).not.toContain('svg');
    expect(allowedAttributeNames()).not.toContain('style');
    expect(allowedAttributeNames().some((name) => name.startsWith('on'))).toBe(false);
    expect(OWNER_HTML_ALLOW_LIST.droppedWithContent).toContain('style');
  });

  it('flattens the per-tag attributes into one sorted list without repeats', () => {
    const names = allowedAttributeNames();
    expect(names).toEqual([...new Set(names)].sort());
    expect(names).toEqual(expect.arrayContaining(['href', 'src', 'alt', 'title', 'colspan']));
  });

  it('accepts relative URLs and the listed schemes and refuses script-capable ones', () => {
    const pattern = allowedUrlPattern();
    for (const url of [
      'https://example.com',
      'http://a.b/c',
      'mailto:a@b.c',
      'tel:+861',
      '/uploads/a.png',
      '#top',
      'page.html',
    ]) {
      expect(pattern.test(url), url).toBe(true);
    }
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>',
      'vbscript:x',
      'file:///etc/passwd',
    ]) {
      expect(pattern.test(url), url).toBe(false);
    }
  });
});
