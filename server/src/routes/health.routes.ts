import type { Router } from '@koa/router';
import { sendOk } from '../http/envelope.js';

export function registerHealthRoutes(router: Router): void {
  router.get('/health', (ctx) => sendOk(ctx, { status: 'healthy' }, { msg: 'ok' }));
}
