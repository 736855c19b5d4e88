import { createContext, useContext } from 'react';
import type { ApiClient } from '../../../lib/api-client';
import type { NotifyIntent } from '../platform';

export type Notify = (message: string, intent: NotifyIntent, durationMs: number) => void;

export interface AdminServices {
  api: ApiClient;
  notify: Notify;
  /** Absolute path the admin is mounted at ('/admin'), for links built by screens. */
  basePath: string;
}

export const AdminServicesContext = createContext<AdminServices | null>(null);

export function useAdminServices(): AdminServices {
  const services = useContext(AdminServicesContext);
  if (!services) throw new Error('useAdminServices must be used inside <AdminApp>');
  return services;
}

export function useAdminApi(): ApiClient {
  return useAdminServices().api;
}

export function useNotify(): Notify {
  return useAdminServices().notify;
}
