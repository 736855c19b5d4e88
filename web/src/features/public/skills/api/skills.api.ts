import type { Skill } from '@folio/shared';
import { publicApi } from '../../api/public-api';

export const fetchSkills = (signal: AbortSignal) => publicApi.data<Skill[]>('/api/skills', { signal });
