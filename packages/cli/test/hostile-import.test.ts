/**
 * Hostile files through `tj import` in local mode, the CLI process's heap capped at 160 MB: each
 * is refused with one line naming the bound it passed, exit 1, and the journal stays as it was.
 * The bounds are the defaults but for the record count and memory budget (`TJ_INPUT_LIMITS`),
 * kept small so that the files stay quick to write.
 */
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostileFile } from '../../../test/support/hostile-files.js';
import * as hostile from '../../../test/support/hostile-files.js';
import { initDatabase, run, runJson, type Sandbox, sandbox, sandboxFile } from './support/cli.js';

const ENV = { TJ_INPUT_LIMITS: 'maxRecords=100000,maxMemoryBytes=32MB', NODE_OPTIONS: '--max-old-space-size=160' };

const FILES: HostileFile[] = [
  hostile.nestedXml(24_000_000),
  hostile.longXmlAttribute(2 * 1024 * 1024),
  hostile.longCsvRecord(2 * 1024 * 1024),
  hostile.manyCsvRecords(110_000),
  hostile.openPositionFills(300_000),
  hostile.newestFirstFills(300_000),
];

/** Writes a hostile file into the sandbox, chunk by chunk. */
async function writeHostile(box: Sandbox, file: HostileFile): Promise<string> {
  const path = join(box.dir, file.fileName);
  const out = createWriteStream(path);
  for (const chunk of file.chunks()) if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  return path;
}

let box: Sandbox;
let db: string[];
beforeAll(async () => {
  box = await sandbox();
  db = await initDatabase(box, join(box.dir, 'hostile.db'), ['--tz', 'UTC']);
  const good = await sandboxFile(
    box,
    'good.csv',
    'datetime,symbol,side,quantity,price,commission,fees,exec_id,account,multiplier,tags,note\n2026-01-05T14:30:00Z,ES,buy,1,5000,0,0,g1,SIM,50,,\n2026-01-05T14:40:00Z,ES,sell,1,5001,0,0,g2,SIM,50,,\n',
  );
  expect((await run(box, [...db, 'import', good])).code).toBe(0);
});
afterAll(() => box.cleanup());

describe('tj import of hostile files (local mode)', { timeout: 120_000 }, () => {
  for (const file of FILES) {
    it(`refuses ${file.name}: one line naming ${file.bound}, exit 1, nothing imported`, async () => {
      const path = await writeHostile(box, file);
      const r = await run(box, [...db, 'import', path], { env: ENV });
      expect(r.code, r.stderr).toBe(1);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^tj: .*the ${file.bound} bound is \\d+`));
      const trades = await runJson(box, [...db, 'trades', 'list']);
      expect(trades.pagination.total).toBe(1);
      const imports = await runJson(box, [...db, 'imports', 'list']);
      expect(imports.pagination.total).toBe(1);
    });
  }

  it('says what is wrong with a bad TJ_INPUT_LIMITS, as a usage error', async () => {
    const r = await run(box, [...db, 'trades', 'list'], { env: { TJ_INPUT_LIMITS: 'maxDepth=deep' } });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(/^tj: TJ_INPUT_LIMITS: an input limit must look like maxDepth=32/);
  });
});
