import { describe, expect, it } from 'vitest';
import { isKeptLine, lineFromMessage, systemLine, type SpokenLine, type SystemLine } from './chat-line';
import { keptForMs, keptLinesPerChannel, linesToKeep } from '../../../lib/device-history';

const now = Date.parse('2026-11-28T12:00:00Z');

function spoken(id: string, ageMs = 0): SpokenLine {
  const line = lineFromMessage({
    id,
    channel: '#barra',
    username: 'bia',
    text: `linha ${id}`,
    level: 0,
    timestamp: new Date(now - ageMs).toISOString(),
  });
  if (line.kind === 'system') throw new Error('a member line was expected');
  return line;
}

describe('what the device keeps of a channel', () => {
  it(`keeps the last ${keptLinesPerChannel} members' lines, none older than 7 days, without notices or unsent lines`, () => {
    const lines = [
      spoken('too-old', keptForMs + 1),
      ...Array.from({ length: keptLinesPerChannel + 5 }, (_, index) => spoken(`m${index}`)),
      systemLine('barra', 'unknownCommand', { name: 'dance' }, 'error'),
      { ...spoken('pending'), delivery: { state: 'pending' as const } },
      { ...spoken('late'), late: true as const },
    ];
    const kept = linesToKeep(lines, now);
    expect(kept).toHaveLength(keptLinesPerChannel);
    expect(kept[0]?.id).toBe('m6');
    expect(kept.at(-1)).toEqual(spoken('late'));
    expect(kept.some((line) => line.id === 'pending' || line.id === 'too-old')).toBe(false);
  });

  it('keeps the room’s events among the lines, in order, each kind bounded on its own; never the notices', () => {
    const at = (line: SystemLine, ageMs = 0): SystemLine => ({
      ...line,
      timestamp: new Date(now - ageMs).toISOString(),
    });
    const storm = Array.from({ length: keptLinesPerChannel + 3 }, (_, index) =>
      at(systemLine('barra', 'join', { nickname: `u${index}`, channel: 'barra' }, 'join')),
    );
    const topic = at(systemLine('barra', 'topicBy', { topic: 'samba', nickname: 'ana' }, 'topic'));
    const voice = at(systemLine('barra', 'level', { nickname: 'bia', levelKey: 'levels.became.voiced' }, 'level'));
    const kick = at(systemLine('barra', 'kick', { nickname: 'caio', by: 'ana' }, 'moderation', 'spam'));
    const lines = [
      at(systemLine('barra', 'topic', { topic: 'velho' }, 'topic'), keptForMs + 1),
      spoken('m1'),
      ...storm,
      topic,
      at(systemLine('barra', 'help', {}, 'info')),
      spoken('m2'),
      voice,
      at(systemLine('barra', 'chanserv', { textKey: 'chatErrors.not_channel_operator' }, 'error')),
      at(systemLine('barra', 'gapSeconds', { count: 3 }, 'error')),
      kick,
    ];
    const kept = linesToKeep(lines, now);
    expect(kept.map((line) => line.id)).toEqual([
      'm1',
      // 203 joins and 3 other events: the 6 oldest joins go.
      ...storm.slice(6).map((line) => line.id),
      topic.id,
      'm2',
      voice.id,
      kick.id,
    ]);
    // what IndexedDB gives back (a copy) reads as the lines that were kept.
    const readBack: unknown[] = structuredClone(kept);
    expect(readBack.filter(isKeptLine)).toEqual(kept);
    expect(
      [
        { ...kick, params: { nickname: {} } },
        { ...kick, tone: 'loud' },
        { ...spoken('m3'), level: '0' },
      ].filter(isKeptLine),
    ).toEqual([]);
  });
});
