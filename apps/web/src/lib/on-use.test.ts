import { describe, expect, it } from 'vitest';
import { lazyModule, withModule } from './on-use';

describe('lazyModule', () => {
  it('imports once, answers at once after that, and tries again after a failed import', async () => {
    let imports = 0;
    let failNext = true;
    const module = lazyModule(async () => {
      imports += 1;
      if (failNext) {
        failNext = false;
        throw new Error('offline');
      }
      return { answer: 42 };
    });
    expect(module.get()).toBeUndefined();
    await expect(module.load()).rejects.toThrow('offline');
    expect(module.get()).toBeUndefined();

    const pending = withModule(module, (loaded) => loaded.answer + 1);
    expect(pending).toBeInstanceOf(Promise);
    expect(await pending).toBe(43);
    expect(withModule(module, (loaded) => loaded.answer)).toBe(42);
    await Promise.all([module.load(), module.load()]);
    expect(imports).toBe(2);
  });
});
