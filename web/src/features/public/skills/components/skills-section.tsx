import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../../../../lib/theme-tokens';
import { PublicUiMessages as M, CommonUiMessages } from '@folio/shared';
import { PageSection } from '../../../../components/page-section';
import { useSkills } from '../hooks/use-skills';
import { ProgressBar } from '../../../../components/ui/progress-bar';
import { Skeleton, SkeletonItem } from '../../../../components/ui/skeleton';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
    gap: '20px',
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  card: {
    padding: '20px 24px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    display: 'flex',
    flexDirection: 'column',
    gap: '10px',
  },
  head: { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '8px' },
  name: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
  level: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
  description: { margin: 0, color: tokens.colorNeutralForeground2, lineHeight: '1.6', fontSize: tokens.fontSizeBase300 },
  empty: { color: tokens.colorNeutralForeground3 },
});

/** Each skill's name, description and level bar (0–100). */
export function SkillsSection() {
  const styles = useStyles();
  const { skills, loading } = useSkills();
  return (
    <PageSection id="skills" title={M.navSkills}>
      {loading && skills.length === 0 ? (
        <Skeleton label={CommonUiMessages.loading}>
          <SkeletonItem height={48} />
        </Skeleton>
      ) : skills.length === 0 ? (
        <p className={styles.empty}>{M.noSkills}</p>
      ) : (
        <ul className={styles.grid}>
          {skills.map((skill) => {
            const level = Math.max(0, Math.min(100, skill.level));
            return (
              <li key={skill.id} className={styles.card} data-testid="skill-card">
                <div className={styles.head}>
                  <h3 className={styles.name}>{skill.name}</h3>
                  <span className={styles.level}>{level}%</span>
                </div>
                <ProgressBar value={level / 100} label={M.skillLevel(skill.name)} valueText={`${level}%`} />
                {skill.description && <p className={styles.description}>{skill.description}</p>}
              </li>
            );
          })}
        </ul>
      )}
    </PageSection>
  );
}
