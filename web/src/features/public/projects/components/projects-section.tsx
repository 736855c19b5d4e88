import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../../../../lib/theme-tokens';
import { ArrowClockwiseRegular, OpenRegular, StarRegular } from '@fluentui/react-icons';
import { PublicUiMessages as M, CommonUiMessages } from '@folio/shared';
import { PageSection } from '../../../../components/page-section';
import { httpUrl } from '../../../../lib/http-url';
import { useSiteBlocks } from '../../layout/hooks/site-blocks-context';
import { useProjects } from '../hooks/use-projects';
import { Button } from '../../../../components/ui/button';
import { MessageBar } from '../../../../components/ui/message-bar';
import { Skeleton, SkeletonItem } from '../../../../components/ui/skeleton';

const PLACEHOLDER_HEIGHT = 128;

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
    gap: '20px',
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    '@media (max-width: 400px)': { gridTemplateColumns: '1fr' },
  },
  card: {
    height: '100%',
    // As tall as the loading placeholder, so a one-line card does not move what follows.
    minHeight: `${PLACEHOLDER_HEIGHT}px`,
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: '10px',
    padding: '20px 22px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, wordBreak: 'break-word' },
  description: {
    margin: 0,
    flexGrow: 1,
    color: tokens.colorNeutralForeground2,
    lineHeight: '1.6',
    fontSize: tokens.fontSizeBase300,
  },
  noDescription: { fontStyle: 'italic', color: tokens.colorNeutralForeground3 },
  meta: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px', fontSize: tokens.fontSizeBase200 },
  stars: { display: 'inline-flex', alignItems: 'center', gap: '4px', color: tokens.colorNeutralForeground2 },
  language: { color: tokens.colorNeutralForeground3 },
  link: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '4px',
    color: tokens.colorBrandForegroundLink,
    textDecoration: 'none',
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { textDecoration: 'underline' },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  warning: { marginBottom: '20px' },
});

/** Project cards from the owner's public repositories, with a refresh button (SPEC 2, 4). */
export function ProjectsSection() {
  const styles = useStyles();
  const { home, loaded } = useSiteBlocks();
  // Wait for the site blocks so the owner is known before the first fetch.
  const { projects, loading, warning, refresh } = useProjects(loaded ? httpUrl(home.github_url) : undefined);
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
              <article className={styles.card}>
                <h3 className={styles.title}>{project.title}</h3>
                <p className={`${styles.description} ${project.description ? '' : styles.noDescription}`}>
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
