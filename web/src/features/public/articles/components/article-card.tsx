import { Link } from '../../routing/public-router';
import { CalendarRegular } from '@fluentui/react-icons/headless/svg/calendar';
import { ChatRegular } from '@fluentui/react-icons/headless/svg/chat';
import { EyeRegular } from '@fluentui/react-icons/headless/svg/eye';
import { ShareRegular } from '@fluentui/react-icons/headless/svg/share';
import { articleHref, CARD_MAX_TAGS, categoryPath, PublicUiMessages as M, readersDateOf, tagPath } from '@folio/shared';
import type { PublicArticleListItem } from '@folio/shared';
import { FallbackImage } from '../../../../components/fallback-image';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { formatDate } from '../../../../lib/format';
import { CARD_IMAGE_SIZES } from '../../../../lib/images/picture';
import { PictureSources } from '../../../../lib/images/responsive-picture';
import { coverSrc, DEFAULT_COVER } from '../model/cover';
import { useShareArticle } from '../hooks/use-share-article';
import styles from './article-card.module.css';

/**
 * An article card: cover, category, title, summary, up to 3 tags plus '+N', counters and share.
 * The category and tags link to their list pages (server/API.md §E16).
 */
export function ArticleCard({ article, headingLevel = 3 }: { article: PublicArticleListItem; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const share = useShareArticle();
  const shownTags = article.tags.slice(0, CARD_MAX_TAGS);
  const hiddenTags = article.tags.length - shownTags.length;
  // Without a cover, the body's first image (server/API.md §E18).
  const cover = coverSrc(article.share_image ?? article.cover_image);
  return (
    <article className={styles.card} data-testid="article-card">
      <PictureSources image={article.cover_facts ?? article.share_image_facts} sizes={CARD_IMAGE_SIZES}>
        <FallbackImage
          className={styles.cover}
          src={cover}
          fallbackSrc={DEFAULT_COVER}
          alt={M.defaultCoverAlt(article.title)}
          loading="lazy"
          width={640}
          height={360}
        />
      </PictureSources>
      <div className={styles.body}>
        {article.category && (
          <Link
            className={`${styles.chipLink} ${styles.category}`}
            to={categoryPath(article.category)}
            data-testid="card-category"
          >
            <Badge look="tint">{article.category}</Badge>
          </Link>
        )}
        <Heading className={styles.title}>
          <Link className={styles.titleLink} to={articleHref(article)}>
            {article.title}
          </Link>
        </Heading>
        {(article.excerpt ?? article.summary) && <p className={styles.summary}>{article.excerpt ?? article.summary}</p>}
        {article.tags.length > 0 && (
          <div className={styles.tags} data-testid="card-tags">
            {shownTags.map((tag) => (
              <Link key={tag} className={styles.chipLink} to={tagPath(tag)}>
                <Badge look="outline" data-testid="card-tag">
                  {tag}
                </Badge>
              </Link>
            ))}
            {hiddenTags > 0 && (
              <Badge look="subtle" data-testid="card-tag">
                +{hiddenTags}
              </Badge>
            )}
          </div>
        )}
        <div className={styles.footer}>
          <div className={styles.stats}>
            <span className={styles.stat}>
              <EyeRegular aria-hidden="true" />
              {M.views(article.views)}
            </span>
            <span className={styles.stat}>
              <ChatRegular aria-hidden="true" />
              {M.commentCount(article.comment_count)}
            </span>
            <span className={styles.stat}>
              <CalendarRegular aria-hidden="true" />
              <time dateTime={readersDateOf(article)}>{formatDate(readersDateOf(article))}</time>
            </span>
          </div>
          <Button
            className={styles.share}
            appearance="subtle"
            size="small"
            icon={<ShareRegular />}
            aria-label={M.shareArticle(article.title)}
            data-tooltip={M.share}
            onClick={() => void share(article.title, article)}
          />
        </div>
      </div>
    </article>
  );
}
