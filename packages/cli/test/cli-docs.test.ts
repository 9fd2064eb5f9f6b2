import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { createProgram } from '../src/program.js';
import { runCli } from '../src/run.js';
import { memoryIo } from './support/memory-io.js';

const DOC = readFileSync(resolve(import.meta.dirname, '../../../docs/cli.md'), 'utf8');

/** Every command's words, the root's first: [], ['init'], ['trades'], ['trades', 'list'], … */
function commandPaths(cmd: Command, path: string[] = []): string[][] {
  const subs = cmd
    .createHelp()
    .visibleCommands(cmd)
    .filter((c) => c.name() !== 'help');
  return [path, ...subs.flatMap((c) => commandPaths(c, [...path, c.name()]))];
}

/** The long flags the Options section of a help text shows (`--help` aside). */
function helpFlags(help: string): string[] {
  const options = help.split(/\n(?=\S)/).find((block) => block.startsWith('Options:')) ?? '';
  return [...options.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)/gm)].map((m) => m[1] as string).filter((f) => f !== '--help');
}

/**
 * The parts of docs/cli.md about a command: the sections (## or ###) that name `tj WORD` of its
 * first word; the root's flags are documented under "Global flags".
 */
function sectionsOf(path: string[]): string {
  const sections = DOC.split(/\n(?=#{2,3} )/);
  if (path.length === 0) return sections.filter((s) => s.startsWith('## Global flags')).join('\n');
  const word = new RegExp(`\\btj (?:--?[\\w-]+(?: [^\\s-]\\S*)? )*${path[0]}\\b`);
  return sections.filter((s) => s.startsWith('#') && word.test(s)).join('\n');
}

describe('docs/cli.md', () => {
  it('documents every flag that the --help of every command shows, in the section about that command', async () => {
    const missing: string[] = [];
    const paths = commandPaths(createProgram(memoryIo()));
    expect(paths.length).toBeGreaterThan(80);
    for (const path of paths) {
      const io = memoryIo();
      expect(await runCli([...path, '--help'], io)).toBe(0);
      const flags = helpFlags(io.text());
      const doc = sectionsOf(path);
      for (const flag of flags) {
        if (!new RegExp(`${flag}(?![\\w-])`).test(doc)) missing.push(`tj ${[...path, flag].join(' ')}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
