// Writes errors thrown outside any test (they fail the run without failing a test) to the file
// named by VITEST_UNHANDLED_FILE, so scripts/test.mjs can repeat them next to the final summary.
import { writeFileSync } from 'node:fs';

export default class UnhandledErrorsReporter {
  onTestRunEnd(_modules, unhandledErrors) {
    const file = process.env.VITEST_UNHANDLED_FILE;
    if (!file) return;
    const lines = unhandledErrors.map(
      (e) => `${e.name ?? 'Error'}: ${e.message ?? String(e)}${e.stack ? `\n${String(e.stack).split('\n').slice(1, 6).join('\n')}` : ''}`,
    );
    writeFileSync(file, lines.join('\n\n'));
  }
}
