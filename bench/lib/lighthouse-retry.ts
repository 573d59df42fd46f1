// Lighthouse now and then ends a run with a runtime error that says nothing about the page (NO_NAVSTART on a
// busy machine); bench:web tries such a run again, up to this many times, instead of throwing the other runs away.
const runtimeErrorRetries = 2;

/** What one Lighthouse CLI run left: its exit code and error output, and the report it wrote (also on a runtime error). */
export interface LighthouseRun<Report> {
  code: number | null;
  stderr: string;
  report: Report | undefined;
}

/**
 * Runs `once` until its report has no runtime error, at most `runtimeErrorRetries` more times, saying each retry
 * through `log`; any other failure (no report, a non-zero exit without a runtime error) is thrown at once.
 */
export async function withRuntimeErrorRetries<Report extends { runtimeError?: { code: string; message: string } }>(
  url: string,
  once: () => Promise<LighthouseRun<Report>>,
  log: (line: string) => void = console.log,
): Promise<Report> {
  for (let attempt = 0; ; attempt += 1) {
    const { code, stderr, report } = await once();
    const runtimeError = report?.runtimeError;
    if (runtimeError) {
      const what = `lighthouse ${url}: runtime error ${runtimeError.code} ${runtimeError.message}`;
      if (attempt >= runtimeErrorRetries) throw new Error(`${what} (given up after ${attempt + 1} tries)`);
      log(`${what}; trying again (${attempt + 2} of ${runtimeErrorRetries + 1})`);
      continue;
    }
    if (code !== 0 || !report) throw new Error(`lighthouse exited ${code} for ${url}:\n${stderr}`);
    return report;
  }
}
