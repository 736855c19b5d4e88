/**
 * The connection screen's checks: is this URL a reachable Folio server, and do the credentials
 * sign in. Every failure carries a Chinese message that names the problem.
 *
 * API:
 * - `probeServer(url, { timeoutMs?, fetch? }): Promise<ProbeResult>` — GET /health; an address
 *   typed without a scheme is completed first (`withServerScheme`), and `url` is the completed one.
 * - `signIn({ url, username, password, remember }, { timeoutMs?, fetch? }): Promise<SignInResult>`
 *   — probes, then POST /api/admin/login; on success `{ ok: true, url, token, expiresAt }`.
 * - `verifyToken(url, token, options?)`: `'valid' | 'invalid' | 'offline'` (GET /api/admin/verify).
 * - `ConnectionProblem` kinds: 'malformed' | 'timeout' | 'unreachable' | 'not-folio' |
 *   'wrong-credentials' | 'locked' | 'server-error'.
 */
import { DESKTOP_LIMITS, DesktopMessages as D } from '@folio/shared';
import { withServerScheme } from '../common/server-address.js';
import { createHttpClient, envelopeMessage, isNetworkError } from './http.js';
import type { FetchFunction, HttpClient, HttpResponse } from './http.js';
import { normalizeServerUrl } from './profiles.js';

export type ConnectionProblemKind =
  'malformed' | 'timeout' | 'unreachable' | 'not-folio' | 'wrong-credentials' | 'locked' | 'server-error';

export interface ConnectionProblem {
  ok: false;
  kind: ConnectionProblemKind;
  message: string;
}

export type ProbeResult = { ok: true; url: string } | ConnectionProblem;
export type SignInResult = { ok: true; url: string; token: string; expiresAt: string | null } | ConnectionProblem;

export interface ConnectionOptions {
  timeoutMs?: number;
  fetch?: FetchFunction;
}

const problem = (kind: ConnectionProblemKind, message: string): ConnectionProblem => ({ ok: false, kind, message });

function client(url: string, options: ConnectionOptions, token?: string): HttpClient {
  return createHttpClient({
    baseUrl: url,
    token,
    timeoutMs: options.timeoutMs ?? DESKTOP_LIMITS.probeTimeoutMs,
    fetch: options.fetch,
  });
}

/** Folio's /health answers `{code: 0, data: {status: 'healthy'}}`; anything else is another service. */
function isFolioHealth(response: HttpResponse): boolean {
  if (response.status !== 200 || !response.isJson) return false;
  const body = response.body as { code?: unknown; data?: { status?: unknown } } | null;
  return body?.code === 0 && body.data?.status === 'healthy';
}

function networkProblem(error: unknown): ConnectionProblem {
  if (isNetworkError(error) && error.kind === 'timeout') return problem('timeout', D.serverTimeout);
  return problem('unreachable', D.serverUnreachable);
}

export async function probeServer(input: string, options: ConnectionOptions = {}): Promise<ProbeResult> {
  const checked = normalizeServerUrl(withServerScheme(input));
  if (!checked.ok) return problem('malformed', checked.message);
  try {
    const response = await client(checked.url, options).request({ method: 'GET', path: '/health' });
    return isFolioHealth(response) ? { ok: true, url: checked.url } : problem('not-folio', D.notFolio);
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    return networkProblem(error);
  }
}

export interface SignInInput {
  url: string;
  username: string;
  password: string;
  remember: boolean;
}

export async function signIn(input: SignInInput, options: ConnectionOptions = {}): Promise<SignInResult> {
  const probed = await probeServer(input.url, options);
  if (!probed.ok) return probed;
  try {
    const response = await client(probed.url, options).request({
      method: 'POST',
      path: '/api/admin/login',
      json: { username: input.username, password: input.password, remember: input.remember },
    });
    const body = response.body as { code?: unknown; data?: { token?: unknown; expires_at?: unknown } } | null;
    if (response.status === 200 && body?.code === 0 && typeof body.data?.token === 'string' && body.data.token) {
      const expiresAt = typeof body.data.expires_at === 'string' ? body.data.expires_at : null;
      return { ok: true, url: probed.url, token: body.data.token, expiresAt };
    }
    if (response.status === 401) return problem('wrong-credentials', D.wrongCredentials);
    if (response.status === 400) return problem('wrong-credentials', envelopeMessage(response.body) ?? D.wrongCredentials);
    if (response.status === 429) return problem('locked', envelopeMessage(response.body) ?? D.loginLocked);
    if (!response.isJson) return problem('not-folio', D.notFolio);
    return problem('server-error', envelopeMessage(response.body) ?? D.serverError(response.status));
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    return networkProblem(error);
  }
}

export type TokenCheck = 'valid' | 'invalid' | 'offline';

/** Whether a stored token still works; offline is not "invalid" (the token is kept). */
export async function verifyToken(url: string, token: string, options: ConnectionOptions = {}): Promise<TokenCheck> {
  try {
    const response = await client(url, options, token).request({ method: 'GET', path: '/api/admin/verify' });
    if (response.status === 200 && (response.body as { code?: unknown } | null)?.code === 0) return 'valid';
    return response.status === 401 ? 'invalid' : 'offline';
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    return 'offline';
  }
}
