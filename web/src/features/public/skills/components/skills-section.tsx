import { PublicUiMessages as M, CommonUiMessages } from '@folio/shared';
import { PageSection } from '../../../../components/page-section';
import { useSkills } from '../hooks/use-skills';
import { ProgressBar } from '../../../../components/ui/progress-bar';
import { Skeleton, SkeletonItem } from '../../../../components/ui/skeleton';
import styles from './skills-section.module.css';

/** Each skill's name, description and level bar (0–100). */
export function SkillsSection() {
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
