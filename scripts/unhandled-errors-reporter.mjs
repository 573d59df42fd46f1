// A Vitest reporter that writes the run's unhandled errors (a rejection nobody awaited, an error thrown in a timer) to
// the JSON file named by PAPO_UNHANDLED_ERRORS, so `npm test` can name them beside the failed tests in CI's last lines:
// Vitest's own report of them is hundreds of lines further up, and its JSON report leaves them out.
import { writeFileSync } from 'node:fs';

/** The first frames of a stack that are not Node's own: where the error was made, and by whom. */
function frames(stack) {
  return (stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at ') && !line.includes('node:internal'))
    .slice(0, 6)
    .map((line) => line.trim());
}

export default class UnhandledErrorsReporter {
  onTestRunEnd(_testModules, unhandledErrors) {
    const path = process.env.PAPO_UNHANDLED_ERRORS;
    if (!path) return;
    const errors = unhandledErrors.map((error) => ({
      message: `${error?.name ?? 'Error'}: ${error?.message ?? String(error)}`,
      testPath: error?.VITEST_TEST_PATH,
      testName: error?.VITEST_TEST_NAME,
      frames: frames(error?.stack ?? error?.stackStr),
    }));
    writeFileSync(path, JSON.stringify(errors));
  }
}
