import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Context } from 'koa';
import send from 'koa-send';

/** The web build's entry page, for the screens the browser renders itself (the admin). */
export class AppShell {
  private readonly indexFile: string;
  private found = false;

  constructor(private readonly webDistDir: string) {
    this.indexFile = path.join(webDistDir, 'index.html');
  }

  /** Whether the web app is built; checked until it is, so a build made after start is picked up. */
  built(): boolean {
    return (this.found ||= existsSync(this.indexFile));
  }

  /** Sends index.html, revalidated on every load so a new build is seen at once. */
  async serve(ctx: Context): Promise<void> {
    await send(ctx, 'index.html', { root: this.webDistDir });
    ctx.set('Cache-Control', 'no-cache');
  }
}
