import type { LoginResult, VerifyResult } from '@folio/shared';
import type { AdminApiClient } from '../../api/admin-api-client';

export function login(api: AdminApiClient, username: string, password: string, remember: boolean) {
  return api.post<LoginResult>('/api/admin/login', { username, password, remember }, { ignoreUnauthorized: true });
}

export function verifyToken(api: AdminApiClient) {
  return api.get<VerifyResult>('/api/admin/verify', { ignoreUnauthorized: true });
}

export function logout(api: AdminApiClient) {
  return api.post<null>('/api/admin/logout', undefined, { ignoreUnauthorized: true });
}
