import { nicknameRoutes } from '@papo/contract/browser-routes/profile';
import type { Nickname } from '@papo/contract/profile';
import { api } from '../../../lib/api';

/** `GET /api/nicknames`: the member's own registered nicknames. */
export async function listNicknames(): Promise<Nickname[]> {
  return (await api(nicknameRoutes.list)).nicknames;
}

/** `POST /api/nicknames`: registers a new nickname for the member (NickServ REGISTER). */
export async function registerNickname(nickname: string): Promise<Nickname> {
  return (await api(nicknameRoutes.add, { body: { nickname } })).nickname;
}

/** `POST /api/select-nickname`: chat under this nickname from now on; the server tells every room. */
export async function selectNickname(nicknameId: number): Promise<Nickname> {
  return (await api(nicknameRoutes.select, { body: { nicknameId } })).nickname;
}
