/**
 * A real browser for tests: Debian's chromium driven by playwright-core (playwright's own browser
 * download is not used). `.ci/run` installs the package when it is missing; without it the
 * browser tests are skipped with a warning, or fail the run when TJ_REQUIRE_BROWSER=1 (CI).
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Where the browser is: TJ_CHROMIUM, else Debian's /usr/bin/chromium. */
export const CHROMIUM = process.env.TJ_CHROMIUM ?? '/usr/bin/chromium';

/** True when the browser is installed; suites use `describe.skipIf(!browserAvailable)`. */
export const browserAvailable = existsSync(CHROMIUM);

/** Launches the browser headless, with nothing that reaches the network on its own. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
