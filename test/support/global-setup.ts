/**
 * Announces, loudly and once, when PostgreSQL or browser tests will be skipped; fails the run
 * when PostgreSQL is required (CI sets TJ_REQUIRE_POSTGRES=1) but not configured or not
 * reachable, or when a browser is required (TJ_REQUIRE_BROWSER=1) but not installed.
 */
import pg from 'pg';
import { browserAvailable, CHROMIUM } from './browser.js';

function checkBrowser(): void {
  if (browserAvailable) return;
  if (process.env.TJ_REQUIRE_BROWSER === '1') {
    throw new Error(`TJ_REQUIRE_BROWSER=1 but there is no browser at ${CHROMIUM} (apt-get install chromium, or set TJ_CHROMIUM)`);
  }
  console.warn(
    `\n\u001b[1;33m!!! No browser at ${CHROMIUM}: the HTML report browser tests are SKIPPED. !!!\n` +
      '!!! Install it (apt-get install chromium) or set TJ_CHROMIUM to run them.       !!!\u001b[0m\n',
  );
}

export default async function setup(): Promise<void> {
  checkBrowser();
  const url = process.env.TJ_TEST_POSTGRES_URL;
  const required = process.env.TJ_REQUIRE_POSTGRES === '1';
  if (!url) {
    if (required) throw new Error('TJ_REQUIRE_POSTGRES=1 but TJ_TEST_POSTGRES_URL is not set');
    console.warn(
      '\n\u001b[1;33m!!! TJ_TEST_POSTGRES_URL is not set: every PostgreSQL test is SKIPPED. !!!\n' +
        '!!! Set it (e.g. postgres://postgres@127.0.0.1:5432/test) to run them.          !!!\u001b[0m\n',
    );
    return;
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (e) {
    throw new Error(`PostgreSQL at TJ_TEST_POSTGRES_URL is not reachable: ${(e as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}
