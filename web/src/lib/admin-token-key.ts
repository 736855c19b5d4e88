/**
 * Where the browser admin keeps its token (docs/spec.md §4.1). Public pages read it too: a page
 * viewed by the signed-in owner tells the statistics to skip the view (server/API.md §E23.1).
 */
export const ADMIN_TOKEN_STORAGE_KEY = 'folio_admin_token';
