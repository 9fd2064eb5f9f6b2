/**
 * A 200,000-row upload streams through the server: the server process runs with its JavaScript
 * heap capped at 64 MB (a server that held the file or its rows would run out of memory), and its
 * peak RSS is printed (the figure itself is in `pnpm bench:import`).
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { startServerProcess } from './support/processes.js';
import { signUp } from './support/server.js';

const HEADER = 'datetime,symbol,side,quantity,price,commission,fees,exec_id,account,multiplier,tags,note\n';
const MB = 1024 * 1024;
const HEAP_MB = 64;

/** `rows` fills (round trips of 1 ES), generated as the upload is read. */
function fills(rows: number, tag: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let i = 0;
  const start = Date.parse('2024-01-02T14:30:00Z');
  return new ReadableStream({
    pull(controller) {
      if (i === 0) controller.enqueue(encoder.encode(HEADER));
      let chunk = '';
      for (const end = Math.min(rows, i + 2000); i < end; i++) {
        const at = new Date(start + i * 60_000).toISOString();
        const side = i % 2 === 0 ? 'buy' : 'sell';
        chunk += `${at},ES,${side},1,${5000 + (i % 7)},0.5,0,${tag}-${i},MEM,50,,\n`;
      }
      controller.enqueue(encoder.encode(chunk));
      if (i >= rows) controller.close();
    },
  });
}

/** The peak resident set of a process so far (VmHWM), in bytes. */
async function peakRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]) * 1024;
}

const sqlite = DATABASES.find((d) => d.name === 'sqlite');

describe.skipIf(process.platform !== 'linux' || !sqlite)('a large upload', { timeout: 300_000 }, () => {
  it('imports 200,000 rows over HTTP with the server’s memory flat', async () => {
    const opened = await (sqlite as NonNullable<typeof sqlite>).open();
    await opened.storage.close();
    const server = await startServerProcess(
      opened.url,
      {},
      { TJ_OPEN_REGISTRATION: 'true', TJ_RATE_LIMIT: 'off', NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}` },
    );
    try {
      const u = await signUp(server.url, 'bulk');
      const upload = async (rows: number, tag: string) => {
        const res = await fetch(`${server.url}/api/imports?fileName=${tag}.csv`, {
          method: 'POST',
          headers: { ...u.auth, 'content-type': 'text/csv' },
          body: fills(rows, tag),
          duplex: 'half',
        } as RequestInit);
        const body = await res.json();
        expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(201);
        return body;
      };
      const small = await upload(20_000, 'warm');
      expect(small.counts.tradesCreated).toBe(10_000);
      const afterSmall = await peakRss(server.child.pid as number);
      const big = await upload(200_000, 'big');
      expect(big.counts).toMatchObject({ fills: 200_000, tradesCreated: 100_000 });
      const afterBig = await peakRss(server.child.pid as number);
      console.log(
        `server peak RSS: ${(afterSmall / MB).toFixed(0)} MB after 20k rows, ${(afterBig / MB).toFixed(0)} MB after 200k rows`,
      );
      expect(server.child.exitCode).toBeNull();
      expect(afterBig).toBeLessThan(afterSmall + 2 * HEAP_MB * MB);
    } finally {
      await server.stop();
      await opened.cleanup();
    }
  });
});
