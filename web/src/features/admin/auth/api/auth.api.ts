import type { LoginResult, VerifyResult } from '@folio/shared';
import type { ApiClient } from '../../../../lib/api-client';

export function login(api: ApiClient, username: string, password: string, remember: boolean) {
  return api.post<LoginResult>('/api/admin/login', { username, password, remember }, { ignoreUnauthorized: true });
}

export function verifyToken(api: ApiClient) {
  return api.get<VerifyResult>('/api/admin/verify', { ignoreUnauthorized: true });
}

export function logout(api: ApiClient) {
  return api.post<null>('/api/admin/logout', undefined, { ignoreUnauthorized: true });
}
