import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inlineStylesheets } from '../../src/web/ssr-renderer.js';

describe('the page template inlines the built stylesheet', () => {
  let distDir: string;
  beforeEach(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'folio-ssr-template-'));
    await mkdir(path.join(distDir, 'assets'));
  });
  afterEach(() => rm(distDir, { recursive: true, force: true }));

  const template = (file: string) =>
    `<head><link rel="stylesheet" crossorigin href="/assets/${file}"><!--app-head--></head><body></body>`;

  it('puts the stylesheet in a style element, so the first paint waits for no other file', async () => {
    await writeFile(path.join(distDir, 'assets/style-abc.css'), '@layer folio-page{.a{color:red}}');
    const html = await inlineStylesheets(template('style-abc.css'), distDir);
    expect(html).toBe('<head><style>@layer folio-page{.a{color:red}}</style><!--app-head--></head><body></body>');
  });

  it("inlines a stylesheet holding $' or $& as it is", async () => {
    const css = "a[href$='.pdf']::after{content:'$&'}";
    await writeFile(path.join(distDir, 'assets/style-dollar.css'), css);
    const html = await inlineStylesheets(template('style-dollar.css'), distDir);
    expect(html).toBe(`<head><style>${css}</style><!--app-head--></head><body></body>`);
  });

  it('keeps the link when the stylesheet could close the style element early', async () => {
    await writeFile(path.join(distDir, 'assets/style-bad.css'), '.a::after{content:"</style><script>alert(1)</script>"}');
    const html = await inlineStylesheets(template('style-bad.css'), distDir);
    expect(html).toBe(template('style-bad.css'));
  });
});
