import { Link } from '../../routing/public-router';
import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../../../../lib/theme-tokens';
import { CalendarRegular, ChatRegular, EyeRegular, ShareRegular } from '@fluentui/react-icons';
import { CARD_MAX_TAGS, PublicUiMessages as M } from '@folio/shared';
import type { PublicArticleListItem } from '@folio/shared';
import { FallbackImage } from '../../../../components/fallback-image';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { formatDate } from '../../../../lib/format';
import { coverSrc, DEFAULT_COVER } from '../model/cover';
import { useShareArticle } from '../hooks/use-share-article';

const useStyles = makeStyles({
  card: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    boxSizing: 'border-box',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    transitionProperty: 'box-shadow, transform',
    transitionDuration: '150ms',
    ':hover': { boxShadow: tokens.shadow16, transform: 'translateY(-2px)' },
    ':focus-within': { boxShadow: tokens.shadow16 },
  },
  cover: {
    display: 'block',
    width: '100%',
    height: 'auto',
    aspectRatio: '16 / 9',
    objectFit: 'cover',
    backgroundColor: tokens.colorNeutralBackground3,
  },
  body: { display: 'flex', flexDirection: 'column', gap: '10px', padding: '18px 20px 16px', flexGrow: 1 },
  category: { alignSelf: 'flex-start' },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, lineHeight: '1.4', fontWeight: tokens.fontWeightSemibold },
  titleLink: {
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    // The title link covers the whole card so any click opens the article.
    '::after': { content: '""', position: 'absolute', inset: 0 },
    ':focus-visible': { outline: 'none' },
    ':focus-visible::after': {
      outline: `2px solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '-2px',
      borderRadius: tokens.borderRadiusXLarge,
    },
  },
  summary: {
    margin: 0,
    color: tokens.colorNeutralForeground2,
    lineHeight: '1.6',
    fontSize: tokens.fontSizeBase300,
    display: '-webkit-box',
    WebkitLineClamp: 3,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  },
  tags: { display: 'flex', flexWrap: 'wrap', gap: '6px' },
  footer: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '8px',
    marginTop: 'auto',
    paddingTop: '8px',
    borderTop: `1px solid ${tokens.colorNeutralStroke3}`,
  },
  stats: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '12px',
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
  stat: { display: 'inline-flex', alignItems: 'center', gap: '4px' },
  share: {
    position: 'relative',
    zIndex: 1,
    // Fluent's tooltip look, drawn by CSS on hover and keyboard focus: the button's accessible
    // name already says what it does, so this is only a visual hint.
    '::after': {
      content: 'attr(data-tooltip)',
      position: 'absolute',
      bottom: 'calc(100% + 6px)',
      right: 0,
      padding: `4px ${tokens.spacingHorizontalS} 6px`,
      borderRadius: tokens.borderRadiusMedium,
      backgroundColor: tokens.colorNeutralBackground1,
      color: tokens.colorNeutralForeground1,
      boxShadow: tokens.shadow16,
      fontSize: tokens.fontSizeBase200,
      lineHeight: tokens.lineHeightBase200,
      whiteSpace: 'nowrap',
      pointerEvents: 'none',
      opacity: 0,
      transitionProperty: 'opacity',
      transitionDuration: tokens.durationNormal,
    },
    ':hover::after': { opacity: 1, transitionDelay: '250ms' },
    ':focus-visible::after': { opacity: 1 },
  },
});

/** An article card: cover, category, title, summary, up to 3 tags plus '+N', counters and share. */
export function ArticleCard({ article }: { article: PublicArticleListItem }) {
  const styles = useStyles();
  const share = useShareArticle();
  const shownTags = article.tags.slice(0, CARD_MAX_TAGS);
  const hiddenTags = article.tags.length - shownTags.length;
  const cover = coverSrc(article.cover_image);
  return (
    <article className={styles.card} data-testid="article-card">
      <FallbackImage
        className={styles.cover}
        src={cover}
        fallbackSrc={DEFAULT_COVER}
        alt={M.defaultCoverAlt(article.title)}
        loading="lazy"
        width={640}
        height={360}
      />
      <div className={styles.body}>
        {article.category && (
          <Badge className={styles.category} look="tint">
            {article.category}
          </Badge>
        )}
        <h3 className={styles.title}>
          <Link className={styles.titleLink} to={`/articles/${article.id}`}>
            {article.title}
          </Link>
        </h3>
        {article.summary && <p className={styles.summary}>{article.summary}</p>}
        {article.tags.length > 0 && (
          <div className={styles.tags} data-testid="card-tags">
            {shownTags.map((tag) => (
              <Badge key={tag} look="outline" data-testid="card-tag">
                {tag}
              </Badge>
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
              <time dateTime={article.created_at}>{formatDate(article.created_at)}</time>
            </span>
          </div>
          <Button
            className={styles.share}
            appearance="subtle"
            size="small"
            icon={<ShareRegular />}
            aria-label={M.shareArticle(article.title)}
            data-tooltip={M.share}
            onClick={() => void share(article.title, article.id)}
          />
        </div>
      </div>
    </article>
  );
}
