import { describe, expect, it } from 'vitest';
import { staffLevel } from '@papo/contract/chat';
import { PresenceState, type PresentUser } from './presence-state.js';

const ana: PresentUser = { id: 1, nickname: 'ana', staff: false, level: 0 };
const bia: PresentUser = { id: 2, nickname: 'bia', staff: false, level: 5 };

describe('presence state', () => {
  it('sees a user appear with the first tab and disappear with the last, on this node', () => {
    const state = new PresenceState();
    expect(state.addSocket('channel:barra', 's1', ana)).toEqual({ change: 'appeared', firstLocal: true });
    expect(state.addSocket('channel:barra', 's2', ana)).toEqual({ change: null, firstLocal: false });
    expect(state.removeSocket('channel:barra', 's1', 1)).toEqual({ change: null, lastLocal: false, held: false });
    expect(state.list('channel:barra')).toEqual([ana]);
    expect(state.removeSocket('channel:barra', 's2', 1)).toEqual({
      change: 'disappeared',
      lastLocal: true,
      held: false,
    });
    expect(state.list('channel:barra')).toEqual([]);
    expect(state.removeSocket('channel:barra', 's2', 1)).toEqual({ change: null, lastLocal: false, held: false });
  });

  it("holds a dropped last tab's place until a tab comes back or it is released", () => {
    const state = new PresenceState();
    state.addSocket('channel:barra', 's1', ana);
    state.addSocket('channel:barra', 's2', ana);
    // a dropped tab beside another keeps nothing: the other holds the place.
    expect(state.removeSocket('channel:barra', 's1', 1, true)).toEqual({ change: null, lastLocal: false, held: false });
    expect(state.removeSocket('channel:barra', 's2', 1, true)).toEqual({ change: null, lastLocal: false, held: true });
    expect(state.list('channel:barra')).toEqual([ana]);
    expect(state.localEntries()).toEqual([{ room: 'channel:barra', user: ana }]);
    // A tab coming back takes the place over: nothing appears, the node held the user all along.
    expect(state.addSocket('channel:barra', 's3', ana)).toEqual({ change: null, firstLocal: false });
    expect(state.release('channel:barra', 1)).toEqual({ change: null, lastLocal: false });
    expect(state.removeSocket('channel:barra', 's3', 1, true)).toEqual({ change: null, lastLocal: false, held: true });
    expect(state.release('channel:barra', 1)).toEqual({ change: 'disappeared', lastLocal: true });
    expect(state.list('channel:barra')).toEqual([]);
    expect(state.release('channel:barra', 1)).toEqual({ change: null, lastLocal: false });
  });

  it('keeps a user present while any node holds them, and forgets a dead node', () => {
    const state = new PresenceState();
    expect(state.addRemote('channel:barra', 'n2', bia)).toBe('appeared');
    expect(state.addSocket('channel:barra', 's1', bia)).toEqual({ change: null, firstLocal: true });
    expect(state.addRemote('channel:rio', 'n2', bia)).toBe('appeared');
    expect(state.addRemote('channel:rio', 'n3', ana)).toBe('appeared');
    expect(state.dropNode('n2')).toEqual([{ room: 'channel:rio', user: bia }]);
    expect(state.has('channel:barra', 2)).toBe(true);
    expect(state.list('channel:rio')).toEqual([ana]);
    expect(state.removeRemote('channel:rio', 'n3', 1)).toBe('disappeared');
  });

  it("replaces a node's entries with its snapshot, answering what changed", () => {
    const state = new PresenceState();
    state.addRemote('channel:barra', 'n2', ana);
    state.addRemote('channel:rio', 'n2', ana);
    const changes = state.replaceNode('n2', [
      { room: 'channel:rio', user: ana },
      { room: 'channel:rio', user: bia },
    ]);
    expect(changes).toEqual([
      { room: 'channel:barra', user: ana, change: 'disappeared' },
      { room: 'channel:rio', user: bia, change: 'appeared' },
    ]);
  });

  it("renames a user in every room and lists only this node's own entries as its own", () => {
    const state = new PresenceState();
    state.addSocket('channel:barra', 's1', ana);
    state.addRemote('channel:rio', 'n2', ana);
    state.rename(1, 'aninha');
    expect(state.list('channel:rio')[0]?.nickname).toBe('aninha');
    expect(state.localEntries()).toEqual([{ room: 'channel:barra', user: { ...ana, nickname: 'aninha' } }]);
  });

  it('finds users by lower-cased nickname in one room, through renames, remote entries and departures', () => {
    const state = new PresenceState();
    state.addSocket('channel:barra', 's1', ana);
    state.addSocket('channel:rio', 's2', ana);
    state.addRemote('channel:barra', 'n2', bia);
    expect(state.usersNamed('channel:barra', ['ana', 'bia', 'ninguem'])).toEqual([ana.id, bia.id]);
    expect(state.usersNamed('channel:rio', ['bia'])).toEqual([]);
    state.rename(ana.id, 'Aninha');
    expect(state.usersNamed('channel:barra', ['ana'])).toEqual([]);
    expect(state.usersNamed('channel:rio', ['aninha'])).toEqual([ana.id]);
    state.removeSocket('channel:rio', 's2', ana.id);
    expect(state.usersNamed('channel:rio', ['aninha'])).toEqual([]);
    expect(state.usersNamed('channel:barra', ['aninha'])).toEqual([ana.id]);
    state.dropNode('n2');
    expect(state.usersNamed('channel:barra', ['bia'])).toEqual([]);
  });

  it('finds every user shown under a name that differs only in case, and the others once one of them goes', () => {
    const state = new PresenceState();
    const anaToo: PresentUser = { id: 3, nickname: 'ANA', staff: false, level: 0 };
    state.addSocket('channel:barra', 's1', ana);
    state.addSocket('channel:rio', 's2', ana);
    state.addSocket('channel:barra', 's3', anaToo);
    expect(state.usersNamed('channel:barra', ['ana'])).toEqual([ana.id, anaToo.id]);
    state.removeSocket('channel:barra', 's1', ana.id);
    expect(state.usersNamed('channel:barra', ['ana'])).toEqual([anaToo.id]);
    expect(state.usersNamed('channel:rio', ['ana'])).toEqual([ana.id]);
    state.removeSocket('channel:rio', 's2', ana.id);
    state.removeSocket('channel:barra', 's3', anaToo.id);
    expect(state.usersNamed('channel:barra', ['ana'])).toEqual([]);
    state.addSocket('channel:rio', 's4', anaToo);
    expect(state.usersNamed('channel:rio', ['ana'])).toEqual([anaToo.id]);
  });

  it("keeps each room's users list encoded, the same as encoding the list afresh after every kind of change", () => {
    const state = new PresenceState();
    const room = 'channel:barra';
    const fresh = (levels: ReadonlyMap<number, number>) =>
      JSON.stringify(
        state
          .list(room)
          .map((u) => ({ id: u.id, nickname: u.nickname, level: u.staff ? staffLevel : (levels.get(u.id) ?? 0) })),
      );
    const none = new Map<number, number>();
    const some = new Map([
      [2, 5],
      [7, 3],
    ]);
    expect(state.listJson(room, none)).toBe('[]');
    const steps: [string, () => unknown][] = [
      ['a join', () => state.addSocket(room, 's1', ana)],
      ['another', () => state.addSocket(room, 's2', bia)],
      ['a second tab', () => state.addSocket(room, 's3', bia)],
      [
        'a staff member on another node',
        () => state.addRemote(room, 'n2', { id: 7, nickname: 'staff', staff: true, level: staffLevel }),
      ],
      ['a part', () => state.removeSocket(room, 's1', 1)],
      ['a rejoin', () => state.addSocket(room, 's4', ana)],
      ['a rename', () => state.rename(2, 'bia2')],
      ['a dead node', () => state.dropNode('n2')],
      ['a name taken back on a first local tab', () => state.addRemote(room, 'n3', { ...ana, nickname: 'ana-n3' })],
    ];
    for (const [, step] of steps) {
      step();
      expect(state.listJson(room, none)).toBe(fresh(none));
      expect(state.listJson(room, some)).toBe(fresh(some));
      // the same levels again (a new map with the same entries) answer from what is kept.
      expect(state.listJson(room, new Map(some))).toBe(fresh(some));
    }
    expect(state.size(room)).toBe(2);
  });
});
