import type { Middleware } from 'koa';
import type { ServerConfig } from './config.js';
import type { Logger } from './logger.js';
import type { Broadcaster } from './realtime.js';
import type { AuthService } from './services/auth.service.js';
import type { IdempotencyService } from './services/idempotency.service.js';
import type { Store } from './store/store.js';

/** What every route module is given: configuration, storage, realtime and the admin guard. */
export interface AppContext {
  config: ServerConfig;
  store: Store;
  logger: Logger;
  realtime: Broadcaster;
  auth: AuthService;
  /** Remembered `Idempotency-Key`s of article creations. */
  idempotency: IdempotencyService;
  requireAdmin: Middleware;
}
