import type { Router } from '@koa/router';
import { LIMITS, ServerMessages as M, loginSchema } from '@folio/shared';
import type { AppContext } from '../../app-context.js';
import { unauthorized } from '../../errors.js';
import { jsonBody } from '../../http/body.js';
import { sendOk } from '../../http/envelope.js';
import type { AdminState } from '../../http/require-admin.js';
import { bearerToken } from '../../http/require-admin.js';
import { parseBody } from '../../http/validate.js';

export function registerAuthRoutes(router: Router, { services, requireAdmin, rateLimits }: AppContext): void {
  const { auth } = services;

  router.post('/api/admin/login', rateLimits.middleware('login'), jsonBody(LIMITS.jsonBodyBytes), async (ctx) => {
    const { username, password, remember } = parseBody(loginSchema, ctx.request.body);
    const result = await auth.login(username, password, remember);
    sendOk(ctx, result, { msg: M.loginSuccess, legacy: { token: result.token } });
  });

  router.get('/api/admin/verify', requireAdmin, (ctx) => {
    const { admin } = ctx.state as AdminState;
    sendOk(
      ctx,
      { valid: true, username: admin.username, expires_at: `${admin.expiresAt.toISOString().slice(0, 19)}Z` },
      { msg: M.tokenValid },
    );
  });

  router.post('/api/admin/logout', async (ctx) => {
    const token = bearerToken(ctx);
    if (!token) throw unauthorized(M.tokenMissing);
    await auth.logout(token);
    sendOk(ctx, null, { msg: M.loggedOut });
  });
}
