import { ServerMessages as M } from '@folio/shared';
import { conflict, notFound } from '../errors.js';
import type { SkillOrContactRecordFields, SkillOrContactRepository } from '../store/skills-and-contacts.repository.js';
import type { ContactRecord, SkillRecord } from '../store/records.js';

/** An item of the owner's skill list or contact list, and what a client may set on one. */
export type SkillOrContact = SkillRecord | ContactRecord;
export type SkillOrContactFields<R extends SkillOrContact> = SkillOrContactRecordFields<R>;

/**
 * Rules for the skill list or the contact list (server/API.md §6), which the owner orders by hand:
 * unknown ids are 404 with the list's own message, and a reorder must name every item exactly
 * once. One instance per list (see services.ts).
 */
export class SkillOrContactService<R extends SkillOrContact> {
  constructor(
    private readonly repository: SkillOrContactRepository<R>,
    private readonly notFoundMessage: string,
  ) {}

  list(): R[] {
    return this.repository.list();
  }

  create(fields: SkillOrContactRecordFields<R>): Promise<R> {
    return this.repository.create(fields);
  }

  async update(id: number, patch: Partial<SkillOrContactRecordFields<R>>): Promise<R> {
    const updated = await this.repository.update(id, patch);
    if (!updated) throw notFound(this.notFoundMessage);
    return updated;
  }

  /** 404 before the body is read, so an unknown id is reported even with a broken body. */
  requireExisting(id: number): void {
    if (!this.repository.find(id)) throw notFound(this.notFoundMessage);
  }

  async remove(id: number): Promise<void> {
    if (!(await this.repository.remove(id))) throw notFound(this.notFoundMessage);
  }

  /** 409 unless `ids` names every item exactly once. */
  reorder(ids: readonly number[]): Promise<R[]> {
    if (!this.repository.matchesAll(ids)) throw conflict(M.orderMismatch);
    return this.repository.reorder(ids);
  }
}
