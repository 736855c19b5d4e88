import type { UploadsService } from '../uploads.service.js';
import { looksLikeGhost, readGhost } from './ghost-reader.js';
import { ImageFetcher } from './image-fetcher.js';
import { importImages } from './import-images.js';
import type { BlogImportSteps } from './import-steps.js';
import { looksLikeZip, readStaticSite } from './static-site-reader.js';
import { looksLikeWordPress, readWordPress } from './wordpress-reader.js';

/** What the real steps need from the server: the upload pipeline and whether private hosts may be fetched. */
export interface BlogImportStepDeps {
  uploads: Pick<UploadsService, 'storeImage' | 'tempDir'>;
  /** `IMPORT_ALLOW_PRIVATE_HOSTS` (server/API.md §E21). */
  allowPrivateHosts: boolean;
}

/** The readers and images step the server runs (server/API.md §E21). */
export function defaultBlogImportSteps({ uploads, allowPrivateHosts }: BlogImportStepDeps): BlogImportSteps {
  const fetcher = new ImageFetcher({ allowPrivateHosts });
  return {
    readers: {
      // The WordPress reader reads the opening as text; a zip's signature is bytes.
      wordpress: { looksLike: (head) => looksLikeWordPress(head.toString('utf8')), read: readWordPress },
      ghost: { looksLike: looksLikeGhost, read: readGhost },
      'static-site': { looksLike: looksLikeZip, read: (input) => readStaticSite(input) },
    },
    importImages: (source, signal, progress) => importImages(source, { uploads, fetcher }, signal, progress),
  };
}
