import type { Store } from '../store/store.js';
import { ArticlesRepository } from '../store/articles.repository.js';
import { SkillOrContactRepository } from '../store/skills-and-contacts.repository.js';
import type { ContactRecord, SkillRecord } from '../store/records.js';
import { SiteBlocksRepository } from '../store/site-blocks.repository.js';
import { SAMPLE_ARTICLES, SAMPLE_BLOCKS, SAMPLE_CONTACTS, SAMPLE_SKILLS } from './sample-site.js';

/** Fills an empty data directory with a complete sample site, so a new owner sees a real page. */
export async function seedSampleSite(store: Store): Promise<void> {
  await new SiteBlocksRepository(store).merge(SAMPLE_BLOCKS);
  const skills = new SkillOrContactRepository<SkillRecord>(store, 'skills');
  for (const skill of SAMPLE_SKILLS) await skills.create(skill);
  const contacts = new SkillOrContactRepository<ContactRecord>(store, 'contacts');
  for (const contact of SAMPLE_CONTACTS) await contacts.create(contact);
  const articles = new ArticlesRepository(store);
  for (const article of SAMPLE_ARTICLES) await articles.create(article);
}
