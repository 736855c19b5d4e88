import { describe, expect, it } from 'vitest';
import { checkRedirects, legacyQueryAddress, normalizeSitePath } from './redirects.js';
import { slugProblem } from './slugs.js';

const rule = (from: string, to: string, status?: number) => ({ from, to, ...(status === undefined ? {} : { status }) });
const problemOf = (list: unknown) => {
  const checked = checkRedirects(list);
  return 'problem' in checked ? checked.problem : null;
};

describe('redirect rules', () => {
  it('takes paths on this site and absolute http(s) URLs, 301 when the status is left out', () => {
    expect(
      checkRedirects([rule('/2020/05/hello-world/', '/articles/hello-world'), rule('/old', 'https://example.com/x', 302)]),
    ).toEqual({
      rules: [
        { from: '/2020/05/hello-world/', to: '/articles/hello-world', status: 301 },
        { from: '/old', to: 'https://example.com/x', status: 302 },
      ],
    });
  });

  it('refuses a loop, naming the addresses it goes through', () => {
    expect(problemOf([rule('/a', '/b'), rule('/b/', '/c'), rule('/c', '/a/')])).toBe('重定向形成循环：/a → /b → /c → /a');
    expect(problemOf([rule('/same', '/same/')])).toContain('循环');
  });

  it('refuses two rules from one address, a trailing slash making no difference', () => {
    expect(problemOf([rule('/x/', '/a'), rule('/x', '/b')])).toBe('第 2 条重定向的 from（/x）与第 1 条重复');
  });

  it('refuses hostile addresses: protocol-relative, backslashes, control characters, javascript: targets', () => {
    expect(problemOf([rule('//evil.com', '/a')])).toContain('第 1 条重定向的 from');
    expect(problemOf([rule('/\\evil.com', '/a')])).toContain('from');
    expect(problemOf([rule('/a\u0000b', '/a')])).toContain('from');
    expect(problemOf([rule('/a', 'javascript:alert(1)')])).toContain('第 1 条重定向的 to');
    expect(problemOf([rule('/a', '//evil.com')])).toContain('to');
    expect(problemOf([rule('/a', '/b\r\nSet-Cookie: x=1')])).toContain('to');
    expect(problemOf([rule('/a', '/b', 307)])).toContain('status');
  });

  it("refuses a from that is one of Folio's own addresses", () => {
    for (const from of ['/', '/admin', '/admin/articles', '/api/articles', '/uploads/a.png', '/preview/x']) {
      expect(problemOf([rule(from, '/b')])).toContain('Folio 自己的地址');
    }
  });

  it("takes an old blog's query address on the landing page (/?p=123), never the landing page itself nor a query elsewhere", () => {
    expect(checkRedirects([rule('/?p=123', '/articles/hello-world'), rule('/?page_id=7', '/articles/about')])).toEqual({
      rules: [
        { from: '/?p=123', to: '/articles/hello-world', status: 301 },
        { from: '/?page_id=7', to: '/articles/about', status: 301 },
      ],
    });
    expect(problemOf([rule('/', '/b')])).toContain('Folio 自己的地址');
    expect(problemOf([rule('/?', '/b')])).toContain('from');
    expect(problemOf([rule('/old?p=1', '/b')])).toContain('from');
    expect(problemOf([rule('/?p=1#top', '/b')])).toContain('from');
    expect(legacyQueryAddress('/', 'p=123')).toBe('/?p=123');
    expect(legacyQueryAddress('/', '')).toBeNull();
    expect(legacyQueryAddress('/old', 'p=123')).toBeNull();
  });

  it('matches percent-encoded and written-out paths as one', () => {
    expect(normalizeSitePath('/%E4%BD%A0%E5%A5%BD/')).toBe(normalizeSitePath('/你好'));
  });
});

describe('slugs', () => {
  it('takes lowercase ASCII letters, digits and hyphens, at most 100', () => {
    expect(slugProblem('hello-world-2')).toBeNull();
    expect(slugProblem('a'.repeat(100))).toBeNull();
    expect(slugProblem('a'.repeat(101))).toContain('100');
    for (const bad of ['Hello', 'hello world', '-a', 'a-', '你好', 'a_b', '']) expect(slugProblem(bad)).not.toBeNull();
  });

  it('refuses digits alone, the old address by id, and the archive paging segment', () => {
    expect(slugProblem('2024')).toContain('纯数字');
    expect(slugProblem('page')).toContain('page');
  });
});
