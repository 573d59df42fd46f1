import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

/** The repository root as the rules see it: they name files from ESLint's working directory, here the process's. */
export const repoRoot = process.cwd();

/** A RuleTester whose cases are Vitest tests; `jsx` for rules that read JSX elements. */
export function ruleTester({ jsx = false } = {}): RuleTester {
  return new RuleTester({
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      ...(jsx ? { parserOptions: { ecmaFeatures: { jsx: true } } } : {}),
    },
  });
}
