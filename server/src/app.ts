import { createServer } from 'node:http';
import type { Server as HttpServer } from 'node:http';
import type { Socket } from 'node:net';
import Koa from 'koa';
import { AdminRealtimeEvents } from '@folio/shared';
import { Router } from '@koa/router';
import type { Server as SocketServer } from 'socket.io';
import type { AppContext } from './app-context.js';
import type { ServerConfig } from './config.js';
import { methodNotAllowed, notFound } from './errors.js';
import { AnswerReplay } from './http/answer-replay.js';
import { ipClientAddress } from './http/client-address.js';
import { logStreamErrors } from './http/client-faults.js';
import { corsForApi } from './http/cors.js';
import { errorHandler } from './http/error-handler.js';
import { httpCaching } from './http/http-cache.js';
import { isApiRequest } from './http/request-path.js';
import { RateLimits } from './http/rate-limit.js';
import { requireAdmin } from './http/require-admin.js';
import { securityHeaders } from './http/security-headers.js';
import type { Logger } from './logger.js';
import { createLogger } from './logger.js';
import { createRealtime } from './realtime.js';
import { SsrRenderer } from './web/ssr-renderer.js';
import { serveWebApp } from './web/web.middleware.js';
import { registerAuthRoutes } from './routes/admin/auth.routes.js';
import { emitArticlesChanged } from './routes/admin/articles/articles.routes.js';
import { registerAdminArticleRoutes } from './routes/admin/articles/index.js';
import { registerAdminCommentRoutes } from './routes/admin/comments.routes.js';
import { registerAdminMailRoutes } from './routes/admin/mail.routes.js';
import { registerAdminStorageRoutes } from './routes/admin/storage.routes.js';
import { registerAdminRedirectRoutes } from './routes/admin/redirects.routes.js';
import { registerAdminImportRoutes } from './routes/admin/imports.routes.js';
import { registerArticleRoutes } from './routes/articles.routes.js';
import { registerCommentRoutes } from './routes/comments.routes.js';
import { registerMailRoutes } from './routes/mail.routes.js';
import { registerPreviewRoutes } from './routes/preview.routes.js';
import { registerProjectRoutes } from './routes/projects.routes.js';
import { registerDiagramRoutes } from './routes/diagrams.routes.js';
import { registerAvatarRoutes } from './routes/avatars.routes.js';
import { registerBackupRoutes } from './routes/admin/backup.routes.js';
import { registerBackupScheduleRoutes } from './routes/admin/backups-schedule.routes.js';
import { registerUploadRoutes } from './routes/uploads.routes.js';
import { registerHealthRoutes } from './routes/health.routes.js';
import { registerSkillAndContactRoutes } from './routes/skills-and-contacts.routes.js';
import { registerSiteBlockRoutes } from './routes/site-blocks.routes.js';
import { registerSubscriberRoutes } from './routes/subscribers.routes.js';
import { registerAdminSubscriberRoutes } from './routes/admin/subscribers.routes.js';
import { registerStatsRoutes, statsHitEndpoint } from './routes/stats.routes.js';
import { registerAdminStatsRoutes } from './routes/admin/stats.routes.js';
import { seedSampleSite } from './services/seed.service.js';
import type { BackupHooks } from './services/backups/index.js';
import type { ReaderStatsHooks } from './services/reader-stats/reader-stats.service.js';
import { createServices } from './services/services.js';
import { Store } from './store/store.js';

/** How long after start search indexing waits, leaving the first page views the whole CPU. */
const SEARCH_WARM_UP_DELAY_MS = 1000;

export interface FolioApp {
  koa: Koa;
  httpServer: HttpServer;
  io: SocketServer;
  store: Store;
  context: AppContext;
  /** The API route table (the fuzz test walks it). */
  router: Router;
  /** Public answers replayed before Koa (tests read how many it replayed). */
  replay: AnswerReplay;
  /** Starts listening; resolves with the bound port (useful with port 0). */
  listen(port?: number, host?: string): Promise<number>;
  /** Stops accepting, waits for in-flight requests and writes, and closes the store. */
  close(): Promise<void>;
}

export interface CreateAppOptions {
  logger?: Logger;
  /** Seed the sample site when the data dir is empty (default true). */
  seed?: boolean;
  /** Load the server-rendering bundle at start rather than on the first page view (default false). */
  warmUp?: boolean;
  /** Scheduled backups' targets, clock and retry delay, for tests (server/API.md §E22). */
  backups?: BackupHooks;
  /** Reader statistics' clock, for tests (server/API.md §E23). */
  stats?: ReaderStatsHooks;
}

/** Builds the Koa app, the HTTP server and Socket.IO on one port, without listening. */
export async function createApp(config: ServerConfig, options: CreateAppOptions = {}): Promise<FolioApp> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const store = await Store.open(config.dataDir);
  if (options.seed !== false && store.isEmpty()) {
    await seedSampleSite(store);
    logger.info('Seeded the sample site into an empty data directory');
  }
  const services = await createServices(config, store, logger, options.backups, options.stats);
  // Keys are also pruned by every creation that stores one; this drops those left from before a long stop.
  await services.idempotency.pruneExpired();

  // Behind proxies the client address is the entry the outermost trusted one appended to
  // X-Forwarded-For; entries before it are whatever the client sent.
  const koa = new Koa({ proxy: config.trustProxy, maxIpsCount: config.trustProxyHops });
  // The request handler is attached after the middleware is registered: Koa composes it then.
  const httpServer = createServer();
  const { io, broadcaster } = createRealtime(httpServer, config.corsOrigins);
  const context: AppContext = {
    config,
    logger,
    services,
    realtime: broadcaster,
    requireAdmin: requireAdmin(services.auth),
    rateLimits: new RateLimits(config),
  };

  // Each module registers its literal paths before its `/:id` ones, so no route here hides
  // another whatever the order (server/test/routes/route-order.test.ts checks the whole table).
  const api = new Router();
  registerHealthRoutes(api);
  registerAuthRoutes(api, context);
  registerSiteBlockRoutes(api, context);
  registerUploadRoutes(api, context);
  registerAvatarRoutes(api, context);
  registerBackupRoutes(api, context);
  registerBackupScheduleRoutes(api, context);
  registerSkillAndContactRoutes(api, context);
  registerDiagramRoutes(api, context);
  registerArticleRoutes(api, context);
  registerCommentRoutes(api, context);
  registerPreviewRoutes(api, context);
  registerProjectRoutes(api, context);
  registerAdminArticleRoutes(api, context);
  registerAdminCommentRoutes(api, context);
  registerMailRoutes(api, context);
  registerAdminMailRoutes(api, context);
  registerAdminStorageRoutes(api, context);
  registerAdminRedirectRoutes(api, context);
  registerAdminImportRoutes(api, context);
  registerSubscriberRoutes(api, context);
  registerAdminSubscriberRoutes(api, context);
  registerStatsRoutes(api, context);
  registerAdminStatsRoutes(api, context);

  // Start-up work, kept out of route registration: index every article for search in the
  // background, and purge what outlived the recycle bin. Indexing reads every body, so it waits
  // until the first pages are out (a search meanwhile indexes what it needs itself).
  const startupWork = new AbortController();
  const searchWarmUp = setTimeout(() => {
    services.articles
      .warmSearch(startupWork.signal)
      .catch((error: unknown) => logger.error('Could not index the articles for search', error));
  }, SEARCH_WARM_UP_DELAY_MS);
  searchWarmUp.unref();
  const stopRecycleBinPurge = services.recycleBin.startAutomaticPurge(logger);
  // Scheduled articles go public at their time with the event a publish by hand sends; those
  // whose time passed while the server was down go public now (server/API.md §E8).
  const stopSchedule = services.schedule.start((ids) => emitArticlesChanged(context, ids), logger);
  // Comment mail waiting since the last stop goes first, then each as it is queued (server/API.md §E13).
  services.mail.start();
  // Half-written backups of a killed run go, its run is marked failed, and a schedule missed while
  // the server was down runs now (server/API.md §E22).
  await services.backups.start();
  // Owners watching the statistics see visitors arrive and leave (server/API.md §E23.4).
  services.readerStats.onLiveChange((live) => broadcaster.emitToAdmins(AdminRealtimeEvents.statsLive, live));
  // Uploads stored before page sizes existed, or restored from a backup, get them in the background.
  void services.imageSizes.catchUp();
  // One renderer for the app's life, so its bundle is imported once. Loaded now when asked (the
  // first visitor would otherwise wait seconds for it), else on the first public page.
  const ssrRenderer = new SsrRenderer(config.webDistDir);
  if (options.warmUp) {
    ssrRenderer.warmUp().catch((error: unknown) => logger.error('Could not load the server-rendering bundle', error));
  }

  const replay = new AnswerReplay();
  const answerStatsHit = statsHitEndpoint(context);
  koa.use(ipClientAddress());
  koa.use(replay.keep());
  koa.use(securityHeaders());
  koa.use(errorHandler(logger));
  for (const middleware of httpCaching()) koa.use(middleware);
  koa.use(corsForApi(config.corsOrigins));
  koa.use(serveWebApp(context, ssrRenderer));
  koa.use(async (ctx, next) => {
    await next();
    // Nothing answered an /api/ path: a JSON 404, never an HTML page (server/API.md §1.1).
    if (ctx.status === 404 && ctx.body == null && isApiRequest(ctx)) throw notFound();
  });
  koa.use(api.routes());
  koa.use(
    api.allowedMethods({
      throw: true,
      methodNotAllowed: () => methodNotAllowed(),
      notImplemented: () => methodNotAllowed(),
    }),
  );

  koa.on('error', logStreamErrors(logger));
  const handleHttp = koa.callback();
  // Requests being handled. A handler goes on when its client has gone (a closed tab, a
  // stopped page), and the HTTP server's close does not wait for it: close() does.
  const handling = new Set<Promise<void>>();
  httpServer.on('request', (request, response) => {
    // Socket.IO (engine.io) answers its own path on this server; Koa answering it too would
    // end the polling responses engine.io is still writing.
    if (request.url?.startsWith('/socket.io/')) return;
    if (replay.tryReplay(request, response)) return;
    const handled = (answerStatsHit(request, response) ?? handleHttp(request, response)).finally(() => handling.delete(handled));
    handling.add(handled);
  });

  const sockets = new Set<Socket>();
  httpServer.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  return {
    koa,
    httpServer,
    io,
    store,
    context,
    router: api,
    replay,
    listen(port = config.port, host = config.host) {
      return new Promise((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(port, host, () => {
          httpServer.off('error', reject);
          const address = httpServer.address();
          resolve(typeof address === 'object' && address ? address.port : port);
        });
      });
    },
    async close() {
      await new Promise<void>((resolve) => {
        io.close(() => resolve());
        // Idle keep-alive connections would hold close() open; in-flight requests still finish.
        httpServer.closeIdleConnections();
        setTimeout(() => {
          for (const socket of sockets) socket.destroy();
        }, 5000).unref();
      });
      // Handlers whose client went away finish their writes before the store is flushed.
      await Promise.allSettled(handling);
      clearTimeout(searchWarmUp);
      startupWork.abort();
      // A blog import not yet committing is cancelled: the site stays as it was (server/API.md §E21).
      await services.blogImport.stop();
      await stopRecycleBinPurge();
      await stopSchedule();
      await services.imageSizes.stop();
      await services.backups.stop();
      await services.mail.stop();
      services.readerStats.stop();
      // The last second of counted views goes with this flush (server/API.md §E23.2).
      await store.flush();
    },
  };
}
