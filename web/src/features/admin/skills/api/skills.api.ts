import type { Skill } from '@folio/shared';
import type { ApiClient } from '../../../../lib/api-client';

type SkillFields = Pick<Skill, 'name' | 'description' | 'level'>;

export function listSkills(api: ApiClient) {
  return api.get<Skill[]>('/api/admin/skills');
}

export function createSkill(api: ApiClient, fields: SkillFields) {
  return api.post<Skill>('/api/admin/skills', fields);
}

export function updateSkill(api: ApiClient, id: number, fields: SkillFields) {
  return api.put<Skill>(`/api/admin/skills/${id}`, fields);
}

export function deleteSkill(api: ApiClient, id: number) {
  return api.delete<unknown>(`/api/admin/skills/${id}`);
}

export function reorderSkills(api: ApiClient, ids: number[]) {
  return api.put<unknown>('/api/admin/skills/order', { ids });
}
