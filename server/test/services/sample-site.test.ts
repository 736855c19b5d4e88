import { describe, expect, it } from 'vitest';
import { articleCreateSchema, contactCreateSchema, skillCreateSchema } from '@folio/shared';
import { SAMPLE_ARTICLES, SAMPLE_CONTACTS, SAMPLE_SKILLS } from '../../src/services/sample-site.js';

describe('the sample site', () => {
  it('passes the same rules as owner input, so the owner can save it unchanged', () => {
    for (const article of SAMPLE_ARTICLES) expect(articleCreateSchema.safeParse(article).success, article.title).toBe(true);
    for (const skill of SAMPLE_SKILLS) expect(skillCreateSchema.safeParse(skill).success, skill.name).toBe(true);
    for (const contact of SAMPLE_CONTACTS) expect(contactCreateSchema.safeParse(contact).success, contact.value).toBe(true);
  });

  it('has articles with headings, a code block and a Mermaid diagram', () => {
    expect(SAMPLE_ARTICLES.length).toBeGreaterThanOrEqual(2);
    for (const article of SAMPLE_ARTICLES) {
      expect(article.content).toMatch(/^#{1,3} /m);
      expect(article.content).toMatch(/```(typescript|tsx|javascript)\n/);
      expect(article.content).toContain('```mermaid\n');
    }
  });
});
