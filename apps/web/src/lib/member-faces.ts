import { memberPictureRoutes } from '@papo/contract/browser-routes/member-pictures';
import type { MemberFace } from '@papo/contract/member-pictures';
import { maxPictureIds } from '@papo/contract/member-pictures';
import { useEffect, useSyncExternalStore } from 'react';
import { api } from './api';

/*
 * How members look where they are shown small: every avatar on a page asks for its member, and the asks of one turn go
 * to the server together (`GET /api/member-pictures`), each member once. What came back is kept for a while, so
 * a user list that changes asks only for the newcomers; a member's new picture shows after that, or at once for
 * their own (`forgetMemberFace`).
 */

const keptMs = 10 * 60_000;

interface Kept {
  face: MemberFace | null;
  at: number;
}

const kept = new Map<number, Kept>();
const asking = new Set<number>();
const wanted = new Set<number>();
const listeners = new Set<() => void>();
let queued = false;

function tell() {
  for (const listener of listeners) listener();
}

function fresh(userId: number): boolean {
  const entry = kept.get(userId);
  return entry !== undefined && Date.now() - entry.at < keptMs;
}

function askSoon(userId: number) {
  if (fresh(userId) || asking.has(userId)) return;
  wanted.add(userId);
  if (queued) return;
  queued = true;
  queueMicrotask(() => {
    queued = false;
    const ids = [...wanted];
    wanted.clear();
    for (let at = 0; at < ids.length; at += maxPictureIds) void ask(ids.slice(at, at + maxPictureIds));
  });
}

async function ask(ids: number[]) {
  for (const id of ids) asking.add(id);
  try {
    const { members } = await api(memberPictureRoutes.list, { query: { ids: ids.join(',') } });
    const at = Date.now();
    for (const id of ids) kept.set(id, { face: members[String(id)] ?? null, at });
    tell();
  } catch {
    // initials stand in meanwhile; the next avatar drawn for these members asks again.
  } finally {
    for (const id of ids) asking.delete(id);
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The member's name and small picture once known (undefined before, or for no member). */
export function useMemberFace(userId: number | null | undefined): MemberFace | undefined {
  const face = useSyncExternalStore(
    subscribe,
    () => (userId ? kept.get(userId)?.face : undefined),
    () => undefined,
  );
  useEffect(() => {
    if (userId) askSoon(userId);
  }, [userId, face]);
  return face ?? undefined;
}

/** Drops what is kept of a member (their own new picture), and tells the avatars to ask again. */
export function forgetMemberFace(userId: number): void {
  kept.delete(userId);
  tell();
}
