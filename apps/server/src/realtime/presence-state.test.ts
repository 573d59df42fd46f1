import { describe, expect, it } from 'vitest';
import { PresenceState, type PresentUser } from './presence-state.js';

const ana: PresentUser = { id: 1, nickname: 'ana', staff: false, level: 0 };
const bia: PresentUser = { id: 2, nickname: 'bia', staff: false, level: 5 };

describe('presence state', () => {
  it('sees a user appear with the first tab and disappear with the last, on this node', () => {
    const state = new PresenceState();
    expect(state.addSocket('channel:barra', 's1', ana)).toEqual({ change: 'appeared', firstLocal: true });
    expect(state.addSocket('channel:barra', 's2', ana)).toEqual({ change: null, firstLocal: false });
    expect(state.removeSocket('channel:barra', 's1', 1)).toEqual({ change: null, lastLocal: false });
    expect(state.list('channel:barra')).toEqual([ana]);
    expect(state.removeSocket('channel:barra', 's2', 1)).toEqual({ change: 'disappeared', lastLocal: true });
    expect(state.list('channel:barra')).toEqual([]);
    expect(state.removeSocket('channel:barra', 's2', 1)).toEqual({ change: null, lastLocal: false });
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
});
