import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldInWords, messageInWords } from '../src/output/field-words.js';
import { ESC, ok, run, runPty, type Sandbox, sandboxWithUser } from './support/cli.js';

let box: Sandbox;
let db: string[];
beforeAll(async () => {
  ({ box, db } = await sandboxWithUser());
});
afterAll(() => box.cleanup());

const trade = ['trades', 'add', '--instrument', 'ES', '--direction', 'long', '--entry-price', '100', '--size', '1'];

describe('messages a person understands', { timeout: 120_000 }, () => {
  it('names the flag, in plain words, when the journal refuses a value', async () => {
    expect(await run(box, [...db, ...trade.slice(0, -1), '-1'])).toMatchObject({
      code: 1,
      stderr: 'tj: --size: must be greater than 0 (at least 0.000000000001)\n',
    });
    expect(await run(box, [...db, ...trade, '--stop', '101'])).toMatchObject({
      code: 1,
      stderr: 'tj: --stop: must be below the entry price for a long trade\n',
    });
    const long = await run(box, [...db, 'trades', 'add', '--instrument', 'X'.repeat(70), ...trade.slice(4)]);
    expect(long.stderr).toBe('tj: --instrument: must be at most 64 characters\n');
    const exit = await run(box, [...db, ...trade, '--exit-price', '-5']);
    expect(exit.stderr).toBe('tj: --exit-price: must be 0 (an option that expired worthless) or greater\n');
    const alert = await run(box, [...db, 'alerts', 'add', '--name', ' ', '--type', 'dailyLossLimit', '--threshold', '5']);
    expect(alert.stderr).toBe('tj: --name: must not be empty\n');
  });

  it('turns API field paths and zod wording into flags and sentences', () => {
    expect(fieldInWords('positionSize')).toBe('--size');
    expect(fieldInWords('emotionalState.focus')).toBe('--focus');
    expect(fieldInWords('tags.2')).toBe('--tags (item 3)');
    expect(fieldInWords('someNewField')).toBe('some new field');
    expect(messageInWords('Too small: expected number to be >=1')).toBe('must be at least 1');
    expect(messageInWords('Invalid option: expected one of "long"|"short"')).toBe('must be one of long, short');
    expect(messageInWords('Invalid input: expected string, received undefined')).toBe('required');
    expect(messageInWords('Invalid input: expected number, received string')).toBe('must be a number');
    expect(messageInWords('must be below the entry price')).toBe('must be below the entry price');
  });

  it('says "file not found" and "folder not found" with the path, never ENOENT', async () => {
    const missing = join(box.dir, 'nope.csv');
    expect(await run(box, [...db, 'import', missing])).toMatchObject({ code: 1, stderr: `tj: file not found: ${missing}\n` });
    const folder = join(box.dir, 'no-such-folder');
    const exported = await run(box, [...db, 'export', 'trades', '--out', join(folder, 'trades.csv')]);
    expect(exported).toMatchObject({ code: 1, stderr: `tj: folder not found: ${folder}\n` });
    const report = await run(box, [...db, 'report', '--out', join(folder, 'report.html')]);
    expect(report).toMatchObject({ code: 1, stderr: `tj: folder not found: ${folder}\n` });
    for (const r of [exported, report]) expect(r.stderr).not.toContain('ENOENT');
  });

  it('names the file of a CSV that cannot be read, even when its header is broken', async () => {
    const bad = join(box.dir, 'broken.csv');
    await writeFile(bad, 'symbol,"side\n');
    const r = await run(box, [...db, 'import', bad]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^tj: broken\.csv: not a format tj knows /);
    const forced = await run(box, [...db, 'import', bad, '--format', 'tj-fills']);
    expect(forced.code).toBe(1);
    expect(forced.stderr).toMatch(/^tj: broken\.csv, line 1, column \d+: .+ \(nothing was imported\)\n$/);
  });

  it('refuses --from after --to as a usage error instead of answering zeros', async () => {
    const inverted = ['--from', '2026-12-01', '--to', '2026-11-01'];
    for (const command of [['stats'], ['trades', 'list'], ['journal', 'list'], ['analytics', 'performance'], ['report']]) {
      const r = await run(box, [...db, ...command, ...inverted]);
      expect(r, command.join(' ')).toMatchObject({
        code: 2,
        stdout: '',
        stderr: 'tj: --from 2026-12-01 is after --to 2026-11-01: nothing can match\n',
      });
    }
  });
});

describe('usage and help (issue 13)', { timeout: 120_000 }, () => {
  it('prints usage errors on one line that says which help to read', async () => {
    for (const [args, line] of [
      [['trades', 'list', '--bogus'], "tj: unknown option '--bogus' (see tj trades list --help)"],
      [['trades', 'lst'], "tj: unknown command 'lst'; did you mean list? (see tj trades --help)"],
      [['stats', '--from'], "tj: option '--from <date>' argument missing (see tj stats --help)"],
      [['trades', 'list', '--limit', '0'], 'tj: --limit 0: must be a whole number of 1 or more (see tj trades list --help)'],
      [
        ['journal', 'add', '--type', 'bogus'],
        'tj: --type bogus: allowed choices are daily, weekly, monthly (see tj journal add --help)',
      ],
    ] as const) {
      const r = await run(box, [...db, ...args]);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`${line}\n`);
    }
  });

  it('prints help and exits 0 for tj help, tj help trades and tj trades help list', async () => {
    for (const [args, usage] of [
      [['help'], 'Usage: tj [options] [command]'],
      [['help', 'trades'], 'Usage: tj trades [options] [command]'],
      [['trades', 'help', 'list'], 'Usage: tj trades list [options]'],
    ] as const) {
      const r = await run(box, [...args]);
      expect(r, args.join(' ')).toMatchObject({ code: 0, stderr: '' });
      expect(r.stdout).toContain(usage);
    }
    expect((await run(box, ['trades'])).code).toBe(2);
  });

  it('honours FORCE_COLOR, even into a pipe, and NO_COLOR still wins', async () => {
    await ok(box, [...db, ...trade, '--entry-time', '2026-11-20T14:30:00Z', '--exit-price', '90']);
    const red = `${ESC}[31m`;
    expect((await run(box, [...db, 'stats'])).stdout).not.toContain(red);
    expect((await run(box, [...db, 'stats'], { env: { FORCE_COLOR: '1' } })).stdout).toContain(`${red}-10.00`);
    expect((await run(box, [...db, 'stats'], { env: { FORCE_COLOR: '1', NO_COLOR: '1' } })).stdout).not.toContain(red);
    expect((await runPty(box, [...db, 'stats'], [], { env: { FORCE_COLOR: '0' } })).raw).not.toContain(red);
  });
});
