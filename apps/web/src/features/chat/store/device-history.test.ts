import { describe, expect, it } from 'vitest';
import { lineFromMessage, systemLine, type SpokenLine } from './chat-line';
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
  it(`keeps the last ${keptLinesPerChannel} members' lines, none older than 7 days, without system or unsent lines`, () => {
    const lines = [
      spoken('too-old', keptForMs + 1),
      ...Array.from({ length: keptLinesPerChannel + 5 }, (_, index) => spoken(`m${index}`)),
      systemLine('barra', 'join', { nickname: 'bia', channel: 'barra' }, 'join'),
      { ...spoken('pending'), delivery: { state: 'pending' as const } },
      { ...spoken('late'), late: true as const },
    ];
    const kept = linesToKeep(lines, now);
    expect(kept).toHaveLength(keptLinesPerChannel);
    expect(kept[0]?.id).toBe('m6');
    expect(kept.at(-1)).toEqual(spoken('late'));
    expect(kept.some((line) => line.id === 'pending' || line.id === 'too-old')).toBe(false);
  });
});
