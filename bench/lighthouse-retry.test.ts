import { describe, expect, it } from 'vitest';
import { withRuntimeErrorRetries, type LighthouseRun } from './lib/lighthouse-retry.js';

type Report = { runtimeError?: { code: string; message: string }; score?: number };
const noNavstart: LighthouseRun<Report> = {
  code: 1,
  stderr: 'Runtime error encountered',
  report: { runtimeError: { code: 'NO_NAVSTART', message: 'no navstart' } },
};
const fine: LighthouseRun<Report> = { code: 0, stderr: '', report: { score: 1 } };

function runs(...answers: LighthouseRun<Report>[]) {
  let calls = 0;
  return { once: async () => answers[Math.min(calls++, answers.length - 1)]!, calls: () => calls };
}

describe('bench:web Lighthouse runs', () => {
  it('tries a run that ended in a runtime error again, saying so, and keeps the report of the one that worked', async () => {
    const lines: string[] = [];
    const lighthouse = runs(noNavstart, noNavstart, fine);
    expect(await withRuntimeErrorRetries('/x', lighthouse.once, (line) => lines.push(line))).toEqual({ score: 1 });
    expect(lighthouse.calls()).toBe(3);
    expect(lines).toEqual([
      'lighthouse /x: runtime error NO_NAVSTART no navstart; trying again (2 of 3)',
      'lighthouse /x: runtime error NO_NAVSTART no navstart; trying again (3 of 3)',
    ]);
  });

  it('gives up after three runtime errors, and at once on any other failure', async () => {
    const always = runs(noNavstart);
    await expect(withRuntimeErrorRetries('/x', always.once, () => {})).rejects.toThrow(
      'NO_NAVSTART no navstart (given up after 3 tries)',
    );
    expect(always.calls()).toBe(3);
    const crashed = runs({ code: 2, stderr: 'chrome did not start', report: undefined });
    await expect(withRuntimeErrorRetries('/x', crashed.once, () => {})).rejects.toThrow(
      'lighthouse exited 2 for /x:\nchrome did not start',
    );
    expect(crashed.calls()).toBe(1);
  });
});
