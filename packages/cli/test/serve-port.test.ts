import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, type Sandbox, sandbox } from './support/cli.js';

let box: Sandbox;
let busy: Server;
let port: number;
beforeAll(async () => {
  box = await sandbox();
  busy = createServer().listen(0, '127.0.0.1');
  await once(busy, 'listening');
  port = (busy.address() as AddressInfo).port;
});
afterAll(async () => {
  busy?.close();
  await box?.cleanup();
});

describe('tj serve on a port that is taken', { timeout: 60_000 }, () => {
  it('says the port is taken and how to pick another, in one line, exit 1 (from --port or TJ_PORT)', async () => {
    const message = `tj: port ${port} is taken on 127.0.0.1 (another tj serve?): pick another with --port N or TJ_PORT=N, or --port 0 for any free one\n`;
    const flag = await run(box, ['--db', box.db, 'serve', '--port', String(port)]);
    expect(flag).toMatchObject({ code: 1, stderr: message });
    const env = await run(box, ['--db', box.db, 'serve'], { env: { TJ_PORT: String(port) } });
    expect(env).toMatchObject({ code: 1, stderr: message });
  });
});
