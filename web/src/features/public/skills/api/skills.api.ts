import type { Skill } from '@folio/shared';
import { apiData } from '../../../../lib/api-client';

export const fetchSkills = (signal: AbortSignal) => apiData<Skill[]>('/api/skills', { signal });
