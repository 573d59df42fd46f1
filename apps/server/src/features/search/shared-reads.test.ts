import { describe, expect, it } from 'vitest';
import { sharedReads } from './answers.js';

/** A read that settles when told to, answering the number of reads begun before it (its own included). */
function controlledReads() {
  let begun = 0;
  const pending: { resolve: (n: number) => void; reject: (e: Error) => void; n: number }[] = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      begun += 1;
      pending.push({ resolve, reject, n: begun });
    });
  const settle = async (error?: Error) => {
    const next = pending.shift()!;
    if (error) next.reject(error);
    else next.resolve(next.n);
    // Lets the callers' continuations (and the next read's start) run.
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  };
  return {
    read,
    settle,
    get begun() {
      return begun;
    },
    get pending() {
      return pending.length;
    },
  };
}

describe('sharedReads: one version read at a time, never one begun before the caller', () => {
  it('starts a read for a caller when none runs, and makes the callers arriving meanwhile share the next one', async () => {
    const reads = controlledReads();
    const current = sharedReads(reads.read);
    const first = current();
    expect(reads.begun).toBe(1);
    const during = [current(), current(), current()];
    expect(reads.begun).toBe(1);
    await reads.settle();
    expect(await first).toBe(1);
    expect(reads.begun).toBe(2);
    const late = current();
    await reads.settle();
    expect(await Promise.all(during)).toEqual([2, 2, 2]);
    expect(reads.begun).toBe(3);
    await reads.settle();
    expect(await late).toBe(3);
    // Idle again: the next caller starts its own read at once.
    const alone = current();
    expect(reads.begun).toBe(4);
    await reads.settle();
    expect(await alone).toBe(4);
  });

  it('gives every caller a read begun after it called', async () => {
    const reads = controlledReads();
    const current = sharedReads(reads.read);
    const calls: { beganBefore: number; answer: Promise<number> }[] = [];
    for (let round = 0; round < 20; round += 1) {
      for (let i = 0; i < round % 4; i += 1) calls.push({ beganBefore: reads.begun, answer: current() });
      if (reads.pending > 0 && round % 3 === 0) await reads.settle();
    }
    while (reads.pending > 0) await reads.settle();
    expect(calls.length).toBeGreaterThan(20);
    expect(reads.begun).toBeLessThan(calls.length);
    for (const call of calls) expect(await call.answer).toBeGreaterThan(call.beganBefore);
  });

  it('passes a failed read to its callers and recovers for the next', async () => {
    const reads = controlledReads();
    const current = sharedReads(reads.read);
    const failing = current();
    const waiting = current();
    await reads.settle(new Error('database away'));
    await expect(failing).rejects.toThrow('database away');
    await reads.settle();
    expect(await waiting).toBe(2);
    const next = current();
    await reads.settle();
    expect(await next).toBe(3);
  });
});
