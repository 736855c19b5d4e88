import type { Router } from '@koa/router';
import type { AppContext } from '../../../app-context.js';
import { registerArticleByIdRoutes, registerArticleCollectionRoutes } from './articles.routes.js';
import { registerAutosaveRoutes } from './autosave.routes.js';
import { registerPreviewLinkRoutes } from './preview-links.routes.js';
import { registerRecycleBinRoutes } from './recycle-bin.routes.js';
import { registerArticleRevisionRoutes } from './revisions.routes.js';
import { registerArticleToolRoutes } from './tools.routes.js';

/**
 * The owner's article management (server/API.md §9, §10 and §E10). Koa's router runs the first route
 * whose method and pattern match, so every literal path (the list, `batch-delete`, the tools,
 * the recycle bin) is registered before any `/:id` path: no word is ever taken for an id,
 * wherever app.ts calls this.
 */
export function registerAdminArticleRoutes(router: Router, context: AppContext): void {
  registerArticleCollectionRoutes(router, context);
  registerArticleToolRoutes(router, context);
  registerRecycleBinRoutes(router, context);
  registerArticleRevisionRoutes(router, context);
  registerAutosaveRoutes(router, context);
  registerPreviewLinkRoutes(router, context);
  registerArticleByIdRoutes(router, context);
}
