import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PASSWORD, useServer } from './support/server.js';

const example = fileURLToPath(new URL('../examples/quick-start.mjs', import.meta.url));

describe('the README example', () => {
  const server = useServer();

  it('runs against the real server and prints what it did', async () => {
    const { email } = await server().createUser('Ann');
    const { stdout } = await promisify(execFile)(process.execPath, [example], {
      env: { ...process.env, TJ_URL: server().url, TJ_EMAIL: email, TJ_PASSWORD: PASSWORD },
    });
    expect(stdout.trim().split('\n')).toEqual([
      'tokens: received a new pair',
      'logged in as Ann',
      'closed ES: result 15, 1.5R',
      '1 closed trades, win rate 100%, P&L 15',
      'expected failure: 404 not_found',
      'tokens: cleared',
    ]);
  });
});
