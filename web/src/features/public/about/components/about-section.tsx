import { PublicUiMessages as M, CommonUiMessages } from '@folio/shared';
import { PageSection } from '../../../../components/page-section';
import { useSanitizedHtml } from '../../../../lib/owner-html';
import { useSiteBlocks } from '../../layout/hooks/site-blocks-context';
import { ABOUT_HTML_FIELDS } from '../../layout/model/site-blocks';
import styles from './about-section.module.css';

const TITLES: Record<(typeof ABOUT_HTML_FIELDS)[number], string> = {
  education_background: M.aboutEducation,
  hobbies: M.aboutHobbies,
  personal_vision: M.aboutVision,
};

function AboutCard({ field, rawHtml }: { field: (typeof ABOUT_HTML_FIELDS)[number]; rawHtml: string }) {
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
