import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, type Sandbox, sandbox } from './support/cli.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(() => box?.cleanup());

describe('an unknown command', { timeout: 60_000 }, () => {
  it('is a usage error, with or without --help (exit 2, one line naming it, a suggestion when one is near)', async () => {
    const cases: Array<[string[], string]> = [
      [['nosuchcommand'], "tj: unknown command 'nosuchcommand' (see tj --help)\n"],
      [['nosuchcommand', '--help'], "tj: unknown command 'nosuchcommand' (see tj --help)\n"],
      [['sync', '--help'], "tj: unknown command 'sync' (see tj --help)\n"],
      [['help', 'sync'], "tj: unknown command 'sync' (see tj --help)\n"],
      [['trades', 'lst', '-h'], "tj: unknown command 'lst'; did you mean list? (see tj trades --help)\n"],
      [
        ['--json', 'imports', 'profiles', 'lsit', '--help'],
        "tj: unknown command 'lsit'; did you mean list? (see tj imports profiles --help)\n",
      ],
    ];
    for (const [args, stderr] of cases) {
      expect(await run(box, args), args.join(' ')).toEqual({ code: 2, stdout: '', stderr });
    }
  });

  it('leaves help that was asked for alone (exit 0)', async () => {
    for (const args of [
      ['--help'],
      ['trades', '--help'],
      ['help', 'trades'],
      ['trades', 'help', 'list'],
      ['import', 'x.csv', '--help'],
    ]) {
      const r = await run(box, args);
      expect(r, args.join(' ')).toMatchObject({ code: 0, stderr: '' });
      expect(r.stdout).toMatch(/^Usage: tj /);
    }
  });
});
