import type { Context, Next } from 'koa';
import { LIMITS, ServerMessages as M } from '@folio/shared';
import { unauthorized } from '../errors.js';
import type { AuthService, VerifiedToken } from '../services/auth.service.js';

export interface AdminState {
  admin: VerifiedToken;
  token: string;
}

/** The bearer token from `Authorization`, or `undefined` when the header is missing or malformed. */
export function bearerToken(ctx: Context): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('Authorization'));
  const token = match?.[1];
  return token && token.length <= LIMITS.tokenLength ? token : undefined;
}

export function requireAdmin(auth: AuthService) {
  return async (ctx: Context, next: Next) => {
    const token = bearerToken(ctx);
    if (!token) throw unauthorized(M.tokenMissing, { valid: false });
    const state = ctx.state as AdminState;
    state.admin = auth.verify(token);
    state.token = token;
    await next();
  };
}
