import { publicApi } from '../../api/public-api';

/** `POST /api/subscribers` (server/API.md §E23.10): the same answer whatever the address was. */
export async function subscribe(email: string): Promise<string> {
  const answer = await publicApi.post<null>('/api/subscribers', { email: email.trim() });
  return answer.msg;
}
