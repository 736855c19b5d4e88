import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicThemeCss, pruneUnreadThemeVariables } from './public-theme-css';

const declared = (css: string) => new Set([...css.matchAll(/[{;]\s*--([\w-]+)\s*:/g)].map((match) => match[1]));
const read = (css: string) => new Set([...css.matchAll(/var\(\s*--([\w-]+)/g)].map((match) => match[1]));

describe('pruneUnreadThemeVariables', () => {
  it('keeps the theme variables rules read, in both colour schemes, and drops the rest', () => {
    const css = `${publicThemeCss()}\n.card{color:var(--colorBrandForeground1);box-shadow:var(--shadow4)}`;
    const pruned = pruneUnreadThemeVariables(css);
    expect(declared(css).size).toBeGreaterThan(400);
    // The rules' own reads, plus the base text styles of `.folio-public` (publicThemeCss).
    expect([...declared(pruned)].sort()).toEqual(
      [
        'colorBrandForeground1',
        'shadow4',
        'colorNeutralForeground1',
        'colorNeutralBackground1',
        'fontFamilyBase',
        'fontSizeBase300',
        'fontWeightRegular',
        'lineHeightBase300',
      ].sort(),
    );
    const dark = /@media \(prefers-color-scheme: dark\)\{:root\{([^}]*)\}/.exec(pruned)?.[1] ?? '';
    expect(dark).toContain('--colorBrandForeground1:');
    expect(dark).not.toContain('--colorPaletteRedBackground1:');
  });

  it('keeps a variable read only by another kept variable, and leaves variables outside :root alone', () => {
    const css = ':root{--a:var(--b);--b:var(--c);--c:1px;--unread:2px}.x{--local:3px;margin:var(--a)}';
    const pruned = pruneUnreadThemeVariables(css);
    expect(declared(pruned)).toEqual(new Set(['a', 'b', 'c', 'local']));
  });
});

describe('the built stylesheet', () => {
  it('declares every variable it reads (run `npm run build -w web` first)', () => {
    const assets = path.resolve(import.meta.dirname, '../dist/assets');
    const files = readdirSync(assets).filter((name) => name.endsWith('.css'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const css = readFileSync(path.join(assets, file), 'utf8');
      const missing = [...read(css)].filter((name) => !declared(css).has(name));
      expect(missing, file).toEqual([]);
      // Pruned: Fluent's two themes alone would declare over 900.
      expect(declared(css).size, file).toBeLessThan(300);
    }
  });
});
