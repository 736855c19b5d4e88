import { createApiClient } from '../../../lib/api-client';

/** The public site's client: same origin, no token; every read passes its AbortSignal. */
export const publicApi = createApiClient();
