import { PREVIEW_PATH_PREFIX } from '@folio/shared';
import type { ArticlePreview, CreatedPreviewLink, PreviewLink } from '@folio/shared';
import type { ArticleRecord, PreviewLinkRecord } from '../store/records.js';
import type { ImageFactsLookup } from '../services/article-images.js';
import { imagesShownBy } from '../services/article-images.js';
import { presentPublicArticleDetail } from './articles.presenter.js';

/** A link as the admin lists it (server/API.md §E17): no token, no hash. */
export function presentPreviewLink(link: PreviewLinkRecord): PreviewLink {
  return { id: link.id, article_id: link.article_id, created_at: link.created_at, expires_at: link.expires_at };
}

/** A link just made, with the one address that holds its token. */
export function presentCreatedPreviewLink(link: PreviewLinkRecord, token: string): CreatedPreviewLink {
  return { ...presentPreviewLink(link), url: `${PREVIEW_PATH_PREFIX}${token}` };
}

/**
 * An unpublished article as its preview shows it: the public detail readers will get once it is
 * published, with no views, no comments (a preview takes none) and no pre-drawn diagrams (those
 * images are the admin's until the article is published, server/API.md §E5; the page draws the
 * Mermaid source itself).
 */
export function presentArticlePreview(
  article: ArticleRecord,
  body: string,
  link: PreviewLinkRecord,
  imageFacts: ImageFactsLookup,
): ArticlePreview {
  const detail = presentPublicArticleDetail(article, body, { views: 0, comment_count: 0 }, { newest: [], threads: [] }, []);
  return { article: { ...detail, images: imagesShownBy(article.cover, body, imageFacts) }, expires_at: link.expires_at };
}
