import { clsx } from 'clsx';
import { ArrowClockwiseRegular } from '@fluentui/react-icons/headless/svg/arrow-clockwise';
import { OpenRegular } from '@fluentui/react-icons/headless/svg/open';
import { StarRegular } from '@fluentui/react-icons/headless/svg/star';
import { PublicUiMessages as M, CommonUiMessages } from '@folio/shared';
import { PageSection } from '../../../../components/page-section';
import { useSiteBlocks } from '../../layout/hooks/site-blocks-context';
import { useProjects } from '../hooks/use-projects';
import { Button } from '../../../../components/ui/button';
import { MessageBar } from '../../../../components/ui/message-bar';
import { Skeleton, SkeletonItem } from '../../../../components/ui/skeleton';
import styles from './projects-section.module.css';

const PLACEHOLDER_HEIGHT = 128;
// Inline, so the card's minimum height and the placeholder's height come from one constant.
const CARD_STYLE = { minHeight: `${PLACEHOLDER_HEIGHT}px` };

/** Project cards from the owner's public repositories, with a refresh button (docs/spec.md §2.2, §4.3). */
export function ProjectsSection() {
  const { home, loaded } = useSiteBlocks();
  // Fetched once the site blocks are known, and again when the owner changes the profile.
  const { projects, loading, warning, refresh } = useProjects(loaded ? (home.github_url ?? '') : undefined);
  const busy = loading || !loaded;
  return (
    <PageSection
      id="projects"
      title={M.navProjects}
      actions={
        <Button icon={<ArrowClockwiseRegular />} onClick={refresh} disabled={busy}>
          {M.refreshProjects}
        </Button>
      }
    >
      {warning && (
        <MessageBar intent="warning" className={styles.warning} data-testid="projects-warning">
          {warning}
        </MessageBar>
      )}
      {busy && projects.length === 0 ? (
        <div className={styles.grid} aria-busy="true">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} label={CommonUiMessages.loading}>
              <SkeletonItem height={PLACEHOLDER_HEIGHT} />
            </Skeleton>
          ))}
        </div>
      ) : projects.length === 0 ? (
        <p>{M.noProjects}</p>
      ) : (
        <ul className={styles.grid} aria-busy={busy}>
          {projects.map((project) => (
            <li key={project.title} data-testid="project-card">
              <article className={styles.card} style={CARD_STYLE}>
                <h3 className={styles.title}>{project.title}</h3>
                <p className={clsx(styles.description, !project.description && styles.noDescription)}>
                  {project.description || CommonUiMessages.noDescription}
                </p>
                <div className={styles.meta}>
                  <span className={styles.stars} aria-label={M.projectStars(project.stars)}>
                    <StarRegular aria-hidden="true" /> {project.stars}
                    {project.language && <span className={styles.language}> · {project.language}</span>}
                  </span>
                  <a className={styles.link} href={project.link} target="_blank" rel="noopener noreferrer">
                    {M.viewOnCodeHost} <OpenRegular aria-hidden="true" />
                  </a>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </PageSection>
  );
}
