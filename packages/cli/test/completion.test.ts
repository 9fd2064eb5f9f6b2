import { spawnSync } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localClient } from '../src/backend/client.js';
import { openLocalSession, resolveLocalUser } from '../src/backend/local-app.js';
import { BIN, ok, runProgram, type Sandbox, sandboxWithUser } from './support/cli.js';

/** Whether `shell` can be run here (.ci/run installs zsh and fish). */
const has = (shell: string) => spawnSync(shell, ['-c', 'exit 0']).status === 0;

let box: Sandbox;
/** The sandbox's environment with a `tj` on PATH (the scripts call it for formats and profiles). */
let env: Record<string, string>;

beforeAll(async () => {
  ({ box } = await sandboxWithUser());
  const session = await openLocalSession({ url: box.db, env: box.env, create: false });
  try {
    const client = await localClient(session, (await resolveLocalUser(session, undefined)).id);
    await client.imports.profiles.save('my-blotter', {
      columns: { time: 'Exec Time', symbol: 'Symbol', side: 'Side', quantity: 'Qty', price: 'Price' },
    });
  } finally {
    await session.close();
  }
  const bin = join(box.dir, 'bin');
  await mkdir(bin);
  await writeFile(join(bin, 'tj'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`);
  await chmod(join(bin, 'tj'), 0o755);
  env = { ...box.env, PATH: `${bin}:${box.env.PATH}` };
  for (const shell of ['bash', 'zsh', 'fish']) {
    await writeFile(join(box.dir, `tj.${shell}`), await ok(box, ['completion', shell]));
  }
}, 60_000);
afterAll(() => box?.cleanup());

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The candidates a shell offers for each command line (words, the last being the one completed). */
async function ask(shell: 'bash' | 'zsh' | 'fish', lines: string[][]): Promise<string[][]> {
  const script = join(box.dir, `tj.${shell}`);
  const body = lines.map((words) => {
    const list = words.map(shellQuote).join(' ');
    if (shell === 'bash')
      return `COMP_WORDS=(${list}); COMP_CWORD=${words.length - 1}; COMPREPLY=(); _tj; printf '%s\\n' "\${COMPREPLY[@]}"; echo ---`;
    if (shell === 'zsh') return `words=(${list}); CURRENT=${words.length}; _tj; echo ---`;
    return `complete -C${shellQuote(words.join(' '))}; echo ---`;
  });
  // zsh runs its completion functions only inside the line editor: compadd and _files print here.
  const zshStubs = `compadd() { while (($#)); do case $1 in -a) shift; print -l -- \${(P)1};; --) ;; *) print -- $1;; esac; shift; done }
_files() { print -- '(files)' }
compset() { }
`;
  const [command, args] =
    shell === 'bash'
      ? ['bash', ['--norc', '--noprofile', '-c', `source ${script}\n${body.join('\n')}`]]
      : shell === 'zsh'
        ? ['zsh', ['-f', '-c', `${zshStubs}source ${script}\n${body.join('\n')}`]]
        : ['fish', ['--no-config', '-c', `source ${script}\n${body.join('\n')}`]];
  const r = await runProgram(command as string, args as string[], { env, cwd: box.dir });
  expect(r.stderr).toBe('');
  const blocks = r.stdout.split('---\n').slice(0, lines.length);
  // fish lists each candidate with its description after a tab; zsh's stub does not filter by prefix.
  return blocks.map((b, i) => {
    const cur = lines[i]?.at(-1) ?? '';
    return b
      .split('\n')
      .map((l) => l.split('\t')[0] as string)
      .filter((l) => l !== '' && (shell !== 'zsh' || l.startsWith(cur) || l === '(files)'));
  });
}

const LINES = [
  ['tj', 'tr'],
  ['tj', 'trades', ''],
  ['tj', 'trades', 'list', '--st'],
  ['tj', '--json', 'trades', 'list', '--limit', '5', '--status', ''],
  ['tj', 'import', '--format', 'ibkr-f'],
  ['tj', '--db', 'DB', 'import', 'a.csv', '--format', 'my-'],
  ['tj', '--db', 'DB', 'imports', 'profiles', 'show', ''],
  ['tj', 'settings', 'set', '--default-r'],
  ['tj', 'completion', ''],
];

function expectAnswers(answers: string[][]): void {
  expect(answers[0]).toEqual(['trades']);
  expect(answers[1]).toEqual(expect.arrayContaining(['list', 'show', 'chart', 'add', 'close', 'edit', 'delete']));
  expect(answers[1]).toHaveLength(7);
  expect(answers[2]?.sort()).toEqual(['--status', '--strategy']);
  expect(answers[3]?.sort()).toEqual(['all', 'closed', 'open']);
  expect(answers[4]?.sort()).toEqual(['ibkr-flex-csv', 'ibkr-flex-xml']);
  expect(answers[5]).toEqual(['my-blotter']);
  expect(answers[6]).toEqual(['my-blotter']);
  expect(answers[7]).toEqual(['--default-risk']);
  expect(answers[8]?.sort()).toEqual(['bash', 'fish', 'zsh']);
}

describe('tj completion', { timeout: 120_000 }, () => {
  const lines = () => LINES.map((l) => l.map((w) => (w === 'DB' ? box.db : w)));

  it('bash: a real bash loads the script and completes commands, subcommands, flags, choices, formats and profiles', async () => {
    expectAnswers(await ask('bash', lines()));
    // `--format=…` (bash splits it at the =), a time zone, and file names where a flag takes any value.
    const [eq, zone, files] = await ask('bash', [
      ['tj', 'import', '--format', '=', 'ibkr-a'],
      ['tj', '--tz', 'Europe/Lon'],
      ['tj', 'import', 'x', '--skipped-report', 'tj.b'],
    ]);
    expect(eq).toEqual(['ibkr-activity']);
    expect(zone).toEqual(['Europe/London']);
    expect(files).toEqual([]); // left to bash's own file name completion (compopt -o default)
  });

  it.skipIf(!has('fish'))('fish: complete -C answers the same', async () => {
    expectAnswers(await ask('fish', lines()));
    const [eq, files] = await ask('fish', [
      ['tj', 'import', '--format=ibkr-a'],
      ['tj', 'import', 'tj.b'],
    ]);
    expect(eq).toEqual(['--format=ibkr-activity']);
    expect(files).toEqual(['tj.bash']);
  });

  it.skipIf(!has('zsh'))('zsh: the script is valid zsh and its function answers the same', async () => {
    const check = await runProgram('zsh', ['-n', join(box.dir, 'tj.zsh')], { env, cwd: box.dir });
    expect(check).toMatchObject({ code: 0, stderr: '' });
    expectAnswers(await ask('zsh', lines()));
    expect((await ask('zsh', [['tj', 'import', '']]))[0]).toEqual(['(files)']);
  });

  it('the hidden callback answers nothing, quietly, where there is no journal', async () => {
    const r = await runProgram(process.execPath, [BIN, '__complete', 'profiles', '--', '--db', join(box.dir, 'none.db')], {
      env,
      cwd: box.dir,
    });
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});
