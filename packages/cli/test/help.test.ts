import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { createProgram } from '../src/program.js';
import { runCli } from '../src/run.js';
import { memoryIo } from './support/memory-io.js';

function leaves(cmd: Command, path: string[] = []): string[][] {
  const subs = cmd
    .createHelp()
    .visibleCommands(cmd)
    .filter((c) => c.name() !== 'help');
  if (subs.length === 0) return [path];
  return [...(path.length > 0 ? [path] : []), ...subs.flatMap((c) => leaves(c, [...path, c.name()]))];
}

describe('help', () => {
  const paths = leaves(createProgram(memoryIo()));

  it('covers every command of the issue', () => {
    const names = paths.map((p) => p.join(' '));
    for (const expected of [
      'init',
      'user create',
      'user list',
      'user passwd',
      'login',
      'logout',
      'import',
      'imports list',
      'imports show',
      'imports undo',
      'accounts list',
      'trades list',
      'trades show',
      'trades add',
      'trades close',
      'trades edit',
      'trades delete',
      'stats',
      'dashboard',
      'analytics performance',
      'analytics by-category',
      'analytics equity',
      'analytics r-distribution',
      'analytics calendar',
      'settings get',
      'settings set',
      'journal add',
      'journal list',
      'journal show',
      'journal edit',
      'journal delete',
      'webhooks add',
      'webhooks list',
      'webhooks remove',
      'webhooks test',
      'webhooks deliveries',
      'alerts add',
      'alerts list',
      'alerts edit',
      'alerts enable',
      'alerts disable',
      'alerts events',
      'alerts remove',
      'report',
      'export',
      'serve',
      'worker',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('shows examples in the --help of every command and exits 0', async () => {
    for (const path of [[], ...paths]) {
      const io = memoryIo();
      const code = await runCli([...path, '--help'], io);
      expect(code, path.join(' ')).toBe(0);
      expect(io.text(), `tj ${path.join(' ')} --help`).toMatch(/Examples:\n {2}\$ tj /);
    }
  });
});
