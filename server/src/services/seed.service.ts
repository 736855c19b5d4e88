import type { Store } from '../store/store.js';
import { ArticlesRepository } from '../store/articles.repository.js';
import { DiagramsRepository } from '../store/diagrams.repository.js';
import type { DrawnDiagram } from '../store/diagrams.repository.js';
import { SkillOrContactRepository } from '../store/skills-and-contacts.repository.js';
import type { ContactRecord, SkillRecord } from '../store/records.js';
import { SiteBlocksRepository } from '../store/site-blocks.repository.js';
import { SAMPLE_DIAGRAMS } from './sample-diagrams.js';
import { SAMPLE_ARTICLES, SAMPLE_BLOCKS, SAMPLE_CONTACTS, SAMPLE_SKILLS } from './sample-site.js';

/**
 * Fills an empty data directory with a complete sample site, so a new owner sees a real page.
 * The sample articles' diagrams come drawn (`drawings`, made by build/sample/draw-sample-diagrams.ts
 * as the admin draws them): a visitor who comes before the owner has opened the admin gets
 * images of their size, not Mermaid downloaded and a diagram growing out of its placeholder.
 */
export async function seedSampleSite(store: Store, drawings: readonly DrawnDiagram[] = SAMPLE_DIAGRAMS): Promise<void> {
  await new SiteBlocksRepository(store).merge(SAMPLE_BLOCKS);
  const skills = new SkillOrContactRepository<SkillRecord>(store, 'skills');
  for (const skill of SAMPLE_SKILLS) await skills.create(skill);
  const contacts = new SkillOrContactRepository<ContactRecord>(store, 'contacts');
  for (const contact of SAMPLE_CONTACTS) await contacts.create(contact);
  const articles = new ArticlesRepository(store);
  const diagrams = new DiagramsRepository(store);
  for (const article of SAMPLE_ARTICLES) {
    const { id } = await articles.create(article);
    for (const drawn of drawings) {
      if (article.content.includes(drawn.source)) await diagrams.save(id, drawn);
    }
  }
}
