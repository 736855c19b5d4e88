import type { AdminContact, AdminSkill, Contact, Skill } from '@folio/shared';
import type { ContactRecord, SkillRecord } from '../store/records.js';

export function presentSkill(skill: SkillRecord): Skill {
  return { id: skill.id, name: skill.name, description: skill.description, level: skill.level, sort_order: skill.sort_order };
}

export function presentAdminSkill(skill: SkillRecord): AdminSkill {
  return { ...presentSkill(skill), created_at: skill.created_at, updated_at: skill.updated_at };
}

export function presentContact(contact: ContactRecord): Contact {
  return { id: contact.id, type: contact.type, value: contact.value, sort_order: contact.sort_order };
}

export function presentAdminContact(contact: ContactRecord): AdminContact {
  return { ...presentContact(contact), created_at: contact.created_at, updated_at: contact.updated_at };
}
