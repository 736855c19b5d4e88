import type { Middleware } from 'koa';
import type { ServerConfig } from './config.js';
import type { RateLimits } from './http/rate-limit.js';
import type { Logger } from './logger.js';
import type { Broadcaster } from './realtime.js';
import type { Services } from './services/services.js';

/**
 * What every route module is given: configuration, the services (built once, in the app
 * factory), realtime, the admin guard and the named rate limits. Routes never see the store.
 */
export interface AppContext {
  config: ServerConfig;
  logger: Logger;
  services: Services;
  realtime: Broadcaster;
  requireAdmin: Middleware;
  rateLimits: RateLimits;
}
