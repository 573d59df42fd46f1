import { describe, expect, it } from 'vitest';
import { actChangesLevel, actRefusal, liftRefusal, memberActs, topicRefusal } from './peace.js';
import { peaceOutcomes, peaceRanks, peaceTableOutcome, topicTable } from './peace-table.js';

const cells = memberActs.flatMap((act) =>
  peaceRanks.flatMap((actor) => peaceRanks.map((target) => ({ act, actor, target }))),
);

describe('PEACE', () => {
  it.each(cells)('$act by $actor on $target', ({ act, actor, target }) => {
    expect(actRefusal(act, actor, target)).toBe(peaceTableOutcome(act, actor, target));
  });

  it.each(peaceRanks)('topic by %i', (actor) => {
    expect(topicRefusal(actor)).toBe(peaceOutcomes[topicTable[actor]]);
  });

  it('lets a ban be lifted by its setter, by a higher rank than it was set with, or by staff only', () => {
    const ban = { byUserId: 7, byLevel: 10 };
    expect(liftRefusal({ id: 7, level: 5 }, ban)).toBeNull();
    expect(liftRefusal({ id: 8, level: 10 }, ban)).toBe('ban_level_too_high');
    expect(liftRefusal({ id: 8, level: 100 }, ban)).toBeNull();
    expect(liftRefusal({ id: 8, level: 100 }, { byUserId: null, byLevel: 1000 })).toBe('ban_level_too_high');
    expect(liftRefusal({ id: 8, level: 1000 }, { byUserId: null, byLevel: 1000 })).toBeNull();
  });

  it('offers a level act only when it changes the level', () => {
    const changes = (act: Parameters<typeof actChangesLevel>[0]) =>
      [0, 3, 5, 10, 100].filter((level) => actChangesLevel(act, level));
    expect(changes('VOICE')).toEqual([0, 5, 10, 100]);
    expect(changes('DEVOICE')).toEqual([3]);
    expect(changes('OP')).toEqual([0, 3, 10, 100]);
    expect(changes('DEOP')).toEqual([5]);
    expect(changes('MASTER')).toEqual([0, 3, 5, 100]);
    expect(changes('DEMASTER')).toEqual([10]);
    expect(changes('FOUNDER')).toEqual([0, 3, 5, 10]);
  });
});
