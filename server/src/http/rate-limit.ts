import type { Context, Middleware, Next } from 'koa';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { RATE_LIMITS, ServerMessages as M } from '@folio/shared';
import type { ServerConfig } from '../config.js';
import { AppError, ReservedNicknameError, rateLimited } from '../errors.js';
import type { AdminState } from './require-admin.js';

/** The limits of server/API.md §1.6, by name. */
export type RateLimitName = 'login' | 'comments' | 'aiAnalysis' | 'statsHits' | 'subscribers';

/** What becomes of the point a request took once its handler is done. */
type Settlement = 'keep' | 'refund' | 'reset';

interface LimitWindow {
  points: number;
  durationMs: number;
  /** Once the window is over its points, the key stays locked this long. */
  blockMs?: number;
}

interface LimitRule {
  /** Every window must have room; a request takes one point from each. */
  windows: readonly LimitWindow[];
  message: string;
  key: (ctx: Context) => string;
  onSuccess: Settlement;
  onFailure: (error: unknown) => Settlement;
}

/** Page-view hits one address may send (server/API.md §E23.1). */
export const STATS_HIT_LIMITS = { perMinute: 60, perHour: 600 } as const;

/** Subscriptions one client address may send (server/API.md §E23.10). */
export const SUBSCRIBE_LIMITS = { perMinute: 5, perHour: 20 } as const;

function limitRules(config: Pick<ServerConfig, 'commentRateLimits'>): Record<RateLimitName, LimitRule> {
  const { loginFailures, commentsPerMinute, commentsPerHour, aiPerMinute } = RATE_LIMITS;
  const { perMinute: statsHitsPerMinute, perHour: statsHitsPerHour } = STATS_HIT_LIMITS;
  return {
    // Only wrong credentials add up, and a success clears them. The point is taken before the
    // slow hash, so a burst of parallel guesses cannot all pass the check before one is counted.
    login: {
      windows: [{ points: loginFailures.max, durationMs: loginFailures.windowMs, blockMs: loginFailures.lockMs }],
      message: M.loginLocked,
      key: (ctx) => ctx.ip,
      onSuccess: 'reset',
      onFailure: (error) => (error instanceof AppError && error.status === 401 ? 'keep' : 'refund'),
    },
    // Only stored comments count: a refused attempt (bad input, missing article, or a 429 from
    // the other window) gives its point back, so fixing a form never locks anyone out for an hour.
    // A nickname refused as the owner's keeps it: each such answer tells whether a name is the
    // admin username, so guessing it costs the allowance.
    comments: {
      windows: [
        { points: config.commentRateLimits.perMinute, durationMs: commentsPerMinute.windowMs },
        { points: config.commentRateLimits.perHour, durationMs: commentsPerHour.windowMs },
      ],
      message: M.commentRateLimited,
      key: (ctx) => ctx.ip,
      onSuccess: 'keep',
      onFailure: (error) => (error instanceof ReservedNicknameError ? 'keep' : 'refund'),
    },
    // Subscriptions per address (server/API.md §E23.10): enough for a household behind one address,
    // too few to mail-bomb strangers through the confirmation mail. Every request counts, so the
    // count says nothing about which addresses were known.
    subscribers: {
      windows: [
        { points: SUBSCRIBE_LIMITS.perMinute, durationMs: 60_000 },
        { points: SUBSCRIBE_LIMITS.perHour, durationMs: 3_600_000 },
      ],
      message: M.rateLimited,
      key: (ctx) => ctx.ip,
      onSuccess: 'keep',
      onFailure: () => 'keep',
    },
    // Per token, after requireAdmin: each analysis may cost the owner a paid provider call.
    aiAnalysis: {
      windows: [{ points: aiPerMinute.max, durationMs: aiPerMinute.windowMs }],
      message: M.rateLimited,
      key: (ctx) => (ctx.state as AdminState).admin.jti,
      onSuccess: 'keep',
      onFailure: () => 'keep',
    },
    // Page-view hits per address (server/API.md §E23.1): a reader clicking through pages stays far
    // below; a script replaying the beacon is dropped rather than inflating the figures.
    statsHits: {
      windows: [
        { points: statsHitsPerMinute, durationMs: 60_000 },
        { points: statsHitsPerHour, durationMs: 3_600_000 },
      ],
      message: M.rateLimited,
      key: (ctx) => ctx.ip,
      onSuccess: 'keep',
      onFailure: () => 'keep',
    },
  };
}

class NamedLimit {
  private readonly limiters: RateLimiterMemory[];

  constructor(
    name: RateLimitName,
    readonly rule: LimitRule,
  ) {
    this.limiters = rule.windows.map(
      (window, index) =>
        new RateLimiterMemory({
          keyPrefix: `${name}-${index}`,
          points: window.points,
          duration: window.durationMs / 1000,
          blockDuration: (window.blockMs ?? 0) / 1000,
        }),
    );
  }

  /**
   * Takes a point from every window, or throws 429 with the longest wait among the full ones.
   * Windows that had room get their point back then: a refused request must not use them up.
   */
  async take(key: string): Promise<void> {
    const results = await Promise.allSettled(this.limiters.map((limiter) => limiter.consume(key)));
    const waits: number[] = [];
    for (const result of results) {
      if (result.status === 'fulfilled') continue;
      if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
      waits.push(result.reason.msBeforeNext);
    }
    if (waits.length === 0) return;
    await Promise.all(
      this.limiters.filter((_, index) => results[index]?.status === 'fulfilled').map((limiter) => limiter.reward(key)),
    );
    throw rateLimited(this.rule.message, Math.max(1, Math.ceil(Math.max(...waits) / 1000)));
  }

  async settle(key: string, settlement: Settlement): Promise<void> {
    if (settlement === 'refund') await Promise.all(this.limiters.map((limiter) => limiter.reward(key)));
    if (settlement === 'reset') await Promise.all(this.limiters.map((limiter) => limiter.delete(key)));
  }
}

/**
 * The request limits of server/API.md §1.6 as one middleware per name: it takes a point before the
 * handler, answers 429 with `Retry-After` when a window is full, and settles the point by the
 * handler's outcome (see the rules above). The app builds one set, so limits are per server.
 */
export class RateLimits {
  private readonly limits: Record<RateLimitName, NamedLimit>;

  constructor(config: Pick<ServerConfig, 'commentRateLimits'>) {
    const rules = limitRules(config);
    this.limits = {
      login: new NamedLimit('login', rules.login),
      comments: new NamedLimit('comments', rules.comments),
      aiAnalysis: new NamedLimit('aiAnalysis', rules.aiAnalysis),
      subscribers: new NamedLimit('subscribers', rules.subscribers),
      statsHits: new NamedLimit('statsHits', rules.statsHits),
    };
  }

  /**
   * Takes a point for `key` (what the rule's key gives for the request: the client address) like
   * {@link middleware}, but answers false instead of a 429: for requests that drop quietly.
   */
  async allows(name: RateLimitName, key: string): Promise<boolean> {
    const limit = this.limits[name];
    try {
      await limit.take(key);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.status === 429) return false;
      throw error;
    }
  }

  middleware(name: RateLimitName): Middleware {
    const limit = this.limits[name];
    return async (ctx: Context, next: Next) => {
      const key = limit.rule.key(ctx);
      await limit.take(key);
      try {
        await next();
      } catch (error) {
        await limit.settle(key, limit.rule.onFailure(error));
        throw error;
      }
      await limit.settle(key, limit.rule.onSuccess);
    };
  }
}
