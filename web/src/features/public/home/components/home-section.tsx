import { useState } from 'react';
import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../../../../lib/theme-tokens';
import { CALENDAR_DELAY_MS, PublicUiMessages as M, stripTags } from '@folio/shared';
import { LazyImage } from '../../../../components/lazy-image';
import { httpUrl } from '../../../../lib/http-url';
import { useSiteBlocks } from '../../layout/hooks/site-blocks-context';
import { useCurrentAvatar } from '../hooks/use-current-avatar';

export const DEFAULT_AVATAR = '/default-avatar.svg';

/** The contribution chart's size (ghchart draws 663 × 104): its box is reserved at this ratio. */
const CALENDAR_WIDTH = 663;
const CALENDAR_HEIGHT = 104;

const useStyles = makeStyles({
  hero: {
    scrollMarginTop: '70px',
    padding: '88px 20px 72px',
    background: `radial-gradient(circle at 20% 0%, ${tokens.colorBrandBackground2} 0%, transparent 60%), ${tokens.colorNeutralBackground1}`,
    '@media (max-width: 767px)': { padding: '48px 16px' },
  },
  inner: {
    maxWidth: '1120px',
    margin: '0 auto',
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    gap: '48px',
    alignItems: 'center',
    '@media (max-width: 767px)': { gridTemplateColumns: '1fr', justifyItems: 'center', textAlign: 'center', gap: '24px' },
  },
  avatar: {
    width: '168px',
    height: '168px',
    borderRadius: '50%',
    objectFit: 'cover',
    backgroundColor: tokens.colorNeutralBackground3,
    border: `4px solid ${tokens.colorNeutralBackground1}`,
    boxShadow: tokens.shadow16,
    '@media (max-width: 767px)': { width: '128px', height: '128px' },
  },
  title: {
    margin: 0,
    fontSize: '44px',
    lineHeight: '1.2',
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorNeutralForeground1,
    '@media (max-width: 767px)': { fontSize: '32px' },
  },
  subtitle: { margin: '16px 0 0', fontSize: tokens.fontSizeBase500, lineHeight: '1.6', color: tokens.colorNeutralForeground2 },
  author: { margin: '12px 0 0', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase300 },
  link: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '8px',
    marginTop: '24px',
    padding: '10px 20px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralForeground1,
    color: tokens.colorNeutralBackground1,
    textDecoration: 'none',
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { opacity: 0.88 },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '3px' },
  },
  calendar: {
    maxWidth: '1120px',
    margin: '48px auto 0',
    padding: '16px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    overflowX: 'auto',
  },
  // The box has the chart's shape before, while and after it loads (and when it fails), so
  // nothing below it moves once the page is painted; a chart of another shape is fitted in.
  calendarFrame: { position: 'relative', minWidth: '640px', aspectRatio: `${CALENDAR_WIDTH} / ${CALENDAR_HEIGHT}` },
  calendarImage: { display: 'block', width: '100%', height: '100%', objectFit: 'contain' },
  calendarFailedImage: { visibility: 'hidden' },
  calendarMessage: {
    position: 'absolute',
    inset: 0,
    display: 'grid',
    placeItems: 'center',
    margin: 0,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase300,
    // On a phone the frame is wider than the screen (it scrolls sideways): keep the note where
    // the visitor looks, at the start, instead of centred out of sight.
    '@media (max-width: 700px)': { justifyItems: 'start', paddingLeft: tokens.spacingHorizontalM },
  },
});

/** Avatar, title, subtitle, author, code-host link and contribution calendar (SPEC 2). */
export function HomeSection() {
  const styles = useStyles();
  const { home } = useSiteBlocks();
  const avatarUrl = useCurrentAvatar();
  const [calendarFailed, setCalendarFailed] = useState<string | null>(null);
  const name = stripTags(home.author || home.title || M.siteNameFallback);
  const githubUrl = httpUrl(home.github_url);
  const calendarUrl = httpUrl(home.github_calendar_url);
  return (
    <section id="home" aria-labelledby="home-title" className={styles.hero}>
      <div className={styles.inner}>
        <LazyImage
          className={styles.avatar}
          src={avatarUrl}
          fallbackSrc={DEFAULT_AVATAR}
          alt={M.avatarAlt(name)}
          width={168}
          height={168}
          data-testid="home-avatar"
        />
        <div>
          <h1 id="home-title" className={styles.title}>
            {stripTags(home.title || M.siteNameFallback)}
          </h1>
          {home.subtitle && <p className={styles.subtitle}>{stripTags(home.subtitle)}</p>}
          {home.author && <p className={styles.author}>— {stripTags(home.author)}</p>}
          {githubUrl && (
            <a className={styles.link} href={githubUrl} target="_blank" rel="noopener noreferrer">
              <svg width="18" height="18" viewBox="0 0 16 16" aria-hidden="true" fill="currentColor">
                <path d="M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.013 8.013 0 0016 8c0-4.42-3.58-8-8-8z" />
              </svg>
              {M.codeHostLink}
            </a>
          )}
        </div>
      </div>
      {calendarUrl && (
        <div className={styles.calendar}>
          <div className={styles.calendarFrame}>
            <LazyImage
              className={mergeClasses(styles.calendarImage, calendarFailed === calendarUrl && styles.calendarFailedImage)}
              src={calendarUrl}
              alt={M.calendarAlt}
              width={CALENDAR_WIDTH}
              height={CALENDAR_HEIGHT}
              delayMs={CALENDAR_DELAY_MS}
              onFailed={() => setCalendarFailed(calendarUrl)}
              data-testid="home-calendar"
            />
            {calendarFailed === calendarUrl && (
              <p className={styles.calendarMessage} data-testid="home-calendar-failed">
                {M.calendarUnavailable}
              </p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
