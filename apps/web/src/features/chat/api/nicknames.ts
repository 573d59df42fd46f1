import type { Nickname, NicknameList } from '@papo/contract/profile';
import { apiFetch } from '../../../lib/api';

/** `GET /api/nicknames`: the member's own registered nicknames. */
export async function listNicknames(): Promise<Nickname[]> {
  return (await apiFetch<NicknameList>('/api/nicknames')).nicknames;
}

/** `POST /api/nicknames`: registers a new nickname for the member (NickServ REGISTER). */
export async function registerNickname(nickname: string): Promise<Nickname> {
  return (await apiFetch<{ nickname: Nickname }>('/api/nicknames', { json: { nickname } })).nickname;
}

/** `POST /api/select-nickname`: chat under this nickname from now on; the server tells every room. */
export function selectNickname(nicknameId: number): Promise<unknown> {
  return apiFetch('/api/select-nickname', { json: { nicknameId } });
}
