import { makeStyles, tokens } from '@fluentui/react-components';
import { PublicUiMessages as M, UiMessages } from '@folio/shared';
import { PageSection } from '../../../../components/page-section';
import { sanitizeHtml } from '../../../../lib/sanitize-html';
import { useSiteBlocks } from '../../layout/hooks/site-blocks-context';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, 1fr)',
    gap: '20px',
    '@media (max-width: 900px)': { gridTemplateColumns: '1fr' },
  },
  card: {
    padding: '24px',
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow2,
  },
  heading: {
    margin: '0 0 12px',
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorBrandForeground1,
  },
  body: {
    color: tokens.colorNeutralForeground2,
    lineHeight: '1.8',
    overflowWrap: 'break-word',
    '& p': { margin: '0 0 0.6em' },
    '& a': { color: tokens.colorBrandForegroundLink },
    '& img': { maxWidth: '100%', height: 'auto' },
  },
  empty: { color: tokens.colorNeutralForeground3 },
});

const FIELDS = [
  { key: 'education_background', title: M.aboutEducation },
  { key: 'hobbies', title: M.aboutHobbies },
  { key: 'personal_vision', title: M.aboutVision },
] as const;

/** The three about texts, owner-written HTML sanitised with DOMPurify before rendering. */
export function AboutSection() {
  const styles = useStyles();
  const { about } = useSiteBlocks();
  return (
    <PageSection id="about" title={M.navAbout} alternate>
      <div className={styles.grid}>
        {FIELDS.map((field) => {
          const html = sanitizeHtml(about[field.key] ?? '');
          return (
            <article key={field.key} className={styles.card} data-testid={`about-${field.key}`}>
              <h3 className={styles.heading}>{field.title}</h3>
              {html ? (
                <div className={styles.body} dangerouslySetInnerHTML={{ __html: html }} />
              ) : (
                <p className={styles.empty}>{UiMessages.noContent}</p>
              )}
            </article>
          );
        })}
      </div>
    </PageSection>
  );
}
