import type { BlogImportSteps } from './import-steps.js';

/** The readers and images step the server runs (server/API.md §E21). */
export function defaultBlogImportSteps(): BlogImportSteps {
  return { readers: {} };
}
