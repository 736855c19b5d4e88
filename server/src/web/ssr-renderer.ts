import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Writable } from 'node:stream';
import type { PublicPageSnapshot } from '@folio/shared';
import { sanitizeOwnerHtml } from './owner-html.js';
import type * as SsrEntryModule from '../../../web/src/entry-server.js';

/**
 * What `web/dist-ssr/entry-server.js` exports, typed from its source (type-only: nothing of the
 * web app is loaded here), so a change to the entry fails type-checking on this side too.
 */
type SsrEntry = typeof SsrEntryModule;

export interface RenderedDocument {
  /** HTML up to and including the opening of `#root`. */
  before: string;
  /** Streams the app's markup into the response. */
  pipeApp: (destination: Writable) => void;
  /** The rest of the document (snapshot, scripts). */
  after: string;
  /** Stops rendering (the visitor went away). */
  abort: () => void;
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[\w.-]+\.css)"[^>]*>/g;

/**
 * The built app's stylesheet (one file, see web/vite.config.ts) inside the page's <head>: a
 * server-rendered page is then styled at its first paint, without waiting a round trip for a
 * render-blocking file. The admin's index.html, served as a file, keeps the link.
 */
export async function inlineStylesheets(html: string, webDistDir: string): Promise<string> {
  let inlined = html;
  for (const [link, file] of html.matchAll(STYLESHEET_LINK)) {
    const css = await fs.readFile(path.join(webDistDir, file ?? ''), 'utf8');
    // A stylesheet that could end the element early stays a link. The replacement is a function
    // so that `$'` or `$&` in the CSS (an attribute selector such as [href$='.pdf']) stays text.
    if (!/<\/style/i.test(css)) inlined = inlined.replace(link, () => `<style>${css}</style>`);
  }
  return inlined;
}

/**
 * Counts the view of a browser that runs no script (server/API.md §E23.1): a browser that runs
 * scripts never loads what `<noscript>` holds, and its beacon counts the view instead, so no view
 * counts twice. Hidden, with its size given: it moves nothing on the page. Previews are no public
 * page and get none.
 */
function noScriptPixel(url: string): string {
  if (url.startsWith('/preview/')) return '';
  const src = `/api/stats/hit.gif?path=${encodeURIComponent(url)}`;
  return `\n    <noscript><img src="${src}" alt="" width="1" height="1" hidden /></noscript>`;
}

/**
 * Renders public pages with the web app's SSR bundle and its built `index.html`. Both are
 * loaded on first use; without them (web not built) `available()` is false and the server
 * falls back to plain static serving.
 */
export class SsrRenderer {
  private entry: Promise<SsrEntry> | null = null;
  private template: { mtimeMs: number; html: string } | null = null;
  private readonly entryFile: string;
  private readonly templateFile: string;
  /** Set once both built files were found: a build in place is not un-built while the server runs. */
  private found = false;

  constructor(webDistDir: string) {
    this.entryFile = path.join(path.dirname(webDistDir), 'dist-ssr', 'entry-server.js');
    this.templateFile = path.join(webDistDir, 'index.html');
  }

  available(): boolean {
    // Checked on every page view until found; after that, never again (two stat calls per view
    // were a sixth of the cost of serving a cached page).
    this.found ||= existsSync(this.entryFile) && existsSync(this.templateFile);
    return this.found;
  }

  /** Loads the SSR bundle ahead of the first visitor, who would otherwise wait seconds for it. */
  async warmUp(): Promise<void> {
    if (this.available()) await Promise.all([this.loadEntry(), this.loadTemplate()]);
  }

  private loadEntry(): Promise<SsrEntry> {
    this.entry ??= (import(pathToFileURL(this.entryFile).href) as Promise<SsrEntry>).then((entry) => {
      // The about HTML is cleaned with the server's DOM-free sanitiser during SSR.
      entry.setServerHtmlSanitizer(sanitizeOwnerHtml);
      return entry;
    });
    return this.entry;
  }

  /** The built index.html with its stylesheet inlined, re-read when a rebuild changed it. */
  private async loadTemplate(): Promise<string> {
    const stat = await fs.stat(this.templateFile);
    if (!this.template || this.template.mtimeMs !== stat.mtimeMs) {
      const html = await inlineStylesheets(await fs.readFile(this.templateFile, 'utf8'), path.dirname(this.templateFile));
      this.template = { mtimeMs: stat.mtimeMs, html };
    }
    return this.template.html;
  }

  async render(url: string, origin: string, snapshot: PublicPageSnapshot, status: number): Promise<RenderedDocument> {
    const [entry, template] = await Promise.all([this.loadEntry(), this.loadTemplate()]);
    const page = await entry.renderPage({ url, origin, snapshot, status });
    const [start = '', end = ''] = template.replace(/<title>[^<]*<\/title>/, '').split('<!--app-html-->');
    const before = start.replace('<!--app-head-->', page.head);
    return {
      before,
      pipeApp: (destination) => void page.pipe(destination),
      after: end.replace('</div>', `</div>\n    ${page.dataScript}${status === 200 ? noScriptPixel(url) : ''}`),
      abort: () => page.abort(),
    };
  }

  /** The whole document as one buffer, for the page cache (rendering waits for all data anyway). */
  async renderToBuffer(url: string, origin: string, snapshot: PublicPageSnapshot, status: number): Promise<Buffer> {
    const document = await this.render(url, origin, snapshot, status);
    return new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [Buffer.from(document.before)];
      const sink = new Writable({
        write(chunk: Buffer | string, _encoding, callback) {
          chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
          callback();
        },
        final(callback) {
          chunks.push(Buffer.from(document.after));
          resolve(Buffer.concat(chunks));
          callback();
        },
      });
      sink.on('error', reject);
      document.pipeApp(sink);
    });
  }
}
