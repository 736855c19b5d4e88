import { useMemo } from 'react';
import { AdminApp } from './admin-app';
import type { AdminPlatform } from './platform';
import { pickFilesWithInput } from './platform';
import { ADMIN_TOKEN_STORAGE_KEY as TOKEN_KEY } from '../../lib/admin-token-key';

/** The browser's adapter: same-origin API, token in localStorage (docs/spec.md §4.1), native file input. */
export default function BrowserAdmin() {
  const platform = useMemo<AdminPlatform>(
    () => ({
      apiBaseUrl: '',
      tokenStorage: {
        get: () => window.localStorage.getItem(TOKEN_KEY),
        set: (token) => window.localStorage.setItem(TOKEN_KEY, token),
        clear: () => window.localStorage.removeItem(TOKEN_KEY),
      },
      pickFiles: pickFilesWithInput,
    }),
    [],
  );
  return <AdminApp platform={platform} />;
}
