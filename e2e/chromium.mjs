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

/**
 * The switches every headless Chromium of the flows and benches starts with. Nothing leaves the machine:
 * other hosts do not resolve (a flow answers them with context.route), but for loopback and
 * `ownAddresses` (this machine's other addresses a flow opens, its LAN address).
 */
export function chromiumSwitches(ownAddresses = []) {
  return [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1${ownAddresses.map((a) => `, EXCLUDE ${a}`).join('')}`,
  ];
}
