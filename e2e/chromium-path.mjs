import { existsSync } from 'node:fs';

/**
 * The Chromium the browser flows drive: CHROMIUM_PATH, else Debian's headless shell (the old headless
 * mode, without the full browser's window layer: the flows run about a fifth faster in it), else the
 * full Chromium. `.ci/run` installs both; scripts/test.mjs skips the flows when neither is there.
 */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ?? '/usr/bin/chromium';
}
