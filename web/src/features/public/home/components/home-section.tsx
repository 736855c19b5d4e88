import { useState } from 'react';
import { clsx } from 'clsx';
import { CALENDAR_DELAY_MS, PublicUiMessages as M, stripTags } from '@folio/shared';
import { LazyImage } from '../../../../components/lazy-image';
import { httpUrl } from '../../../../lib/http-url';
import { useSiteBlocks } from '../../layout/hooks/site-blocks-context';
import { useCurrentAvatar } from '../hooks/use-current-avatar';
import styles from './home-section.module.css';

export const DEFAULT_AVATAR = '/default-avatar.svg';
/** The avatar shows 168 px wide at most (128 on a phone). */
const AVATAR_IMAGE_SIZES = '168px';

/** The contribution chart's size (ghchart draws 663 × 104): its box is reserved at this ratio. */
const CALENDAR_WIDTH = 663;
const CALENDAR_HEIGHT = 104;
// Inline, so the reserved box and the image's width and height attributes come from the same constants.
const CALENDAR_FRAME_STYLE = { aspectRatio: `${CALENDAR_WIDTH} / ${CALENDAR_HEIGHT}` };

/** Avatar, title, subtitle, author, code-host link and contribution calendar (docs/spec.md §2.2). */
export function HomeSection() {
  const { home } = useSiteBlocks();
  const avatar = useCurrentAvatar();
  const [calendarFailed, setCalendarFailed] = useState<string | null>(null);
  const name = stripTags(home.author || home.title || M.siteNameFallback);
  const githubUrl = httpUrl(home.github_url);
  const calendarUrl = httpUrl(home.github_calendar_url);
  return (
    <section id="home" aria-labelledby="home-title" className={styles.hero}>
      <div className={styles.inner}>
        <LazyImage
          className={styles.avatar}
          src={avatar.url}
          picture={{ image: avatar.image, sizes: AVATAR_IMAGE_SIZES }}
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
          <div className={styles.calendarFrame} style={CALENDAR_FRAME_STYLE}>
            <LazyImage
              className={clsx(styles.calendarImage, calendarFailed === calendarUrl && styles.calendarFailedImage)}
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
