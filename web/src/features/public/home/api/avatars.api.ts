import type { Avatar } from '@folio/shared';
import { publicApi } from '../../api/public-api';

export const fetchAvatars = (signal: AbortSignal) => publicApi.data<Avatar[]>('/api/avatars', { signal });
