import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../../../../lib/theme-tokens';
import { PublicUiMessages as M, CommonUiMessages } from '@folio/shared';
import { PageSection } from '../../../../components/page-section';
import { useSanitizedHtml } from '../../../../lib/owner-html';
import { useSiteBlocks } from '../../layout/hooks/site-blocks-context';
import { ABOUT_HTML_FIELDS } from '../../layout/model/site-blocks';

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

const TITLES: Record<(typeof ABOUT_HTML_FIELDS)[number], string> = {
  education_background: M.aboutEducation,
  hobbies: M.aboutHobbies,
  personal_vision: M.aboutVision,
};

function AboutCard({ field, rawHtml }: { field: (typeof ABOUT_HTML_FIELDS)[number]; rawHtml: string }) {
  const styles = useStyles();
  const html = useSanitizedHtml(rawHtml);
  return (
    <article className={styles.card} data-testid={`about-${field}`}>
      <h3 className={styles.heading}>{TITLES[field]}</h3>
      {html ? (
        <div className={styles.body} dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className={styles.empty}>{CommonUiMessages.noContent}</p>
      )}
    </article>
  );
}

/** The three about texts, owner-written HTML sanitised before rendering (see useSanitizedHtml). */
export function AboutSection() {
  const styles = useStyles();
  const { about } = useSiteBlocks();
  return (
    <PageSection id="about" title={M.navAbout} alternate>
      <div className={styles.grid}>
        {ABOUT_HTML_FIELDS.map((field) => (
          <AboutCard key={field} field={field} rawHtml={about[field] ?? ''} />
        ))}
      </div>
    </PageSection>
  );
}
