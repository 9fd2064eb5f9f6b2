/** `tj imports profiles …`: the column mappings saved with `tj import --map … --save-profile NAME`. */
import type { ImportProfile } from '@tj/core';
import type { Command } from 'commander';
import { action, examples, type Opts } from '../command-kit.js';
import { completeArgument } from '../completion/spec.js';
import type { Context, Io } from '../context.js';
import { dateTime } from '../output/format.js';

function columnsOf(p: ImportProfile): string {
  return Object.entries(p.columns)
    .map(([field, column]) => `${field}=${column}`)
    .join(', ');
}

/** `tj imports profiles list`: every saved mapping, by name. */
export async function listProfiles(ctx: Context): Promise<void> {
  const list = await (await ctx.client()).imports.profiles.list();
  ctx.out.result(list, ({ profiles }) => {
    if (profiles.length === 0) {
      return ctx.out.line('No saved profiles: tj import FILE --map … --save-profile NAME saves one');
    }
    ctx.out.printTable(
      ['Name', 'Columns', 'Date pattern', 'Saved'],
      profiles.map((p) => [p.name, columnsOf(p), p.datePattern ?? '', dateTime(p.updatedAt, ctx.tz)]),
    );
  });
}

/** `tj imports profiles show NAME`. */
export async function showProfile(ctx: Context, _opts: Opts, [name]: string[]): Promise<void> {
  const profile = await (await ctx.client()).imports.profiles.get(name as string);
  ctx.out.result(profile, (p) => {
    ctx.out.line(ctx.out.c.bold(p.name));
    for (const [field, column] of Object.entries(p.columns)) ctx.out.line(`  ${field.padEnd(11)} ${column}`);
    if (p.datePattern !== undefined) ctx.out.line(`  times as    ${p.datePattern}`);
    if (p.locale !== undefined) ctx.out.line(`  numbers     ${p.locale}`);
    ctx.out.line(ctx.out.c.dim(`Saved ${dateTime(p.updatedAt, ctx.tz)}`));
  });
}

/** `tj imports profiles delete NAME`: the imports it read stay. */
export async function deleteProfile(ctx: Context, _opts: Opts, [name]: string[]): Promise<void> {
  await (await ctx.client()).imports.profiles.delete(name as string);
  ctx.out.result({ deleted: name }, () => ctx.out.line(`Deleted the profile "${name}" (imports it read stay)`));
}

/** Registers `tj imports profiles list|show|delete` under `tj imports`. */
export function registerImportProfiles(imports: Command, io: Io): void {
  const profiles = imports.command('profiles').description('column mappings saved with tj import --map … --save-profile NAME');
  examples(profiles, ['tj imports profiles list', 'tj imports profiles show my-broker', 'tj imports profiles delete my-broker']);
  examples(profiles.command('list').description('saved mappings, by name').action(action(io, listProfiles)), [
    'tj imports profiles list --json',
  ]);
  examples(
    completeArgument(
      profiles
        .command('show')
        .argument('<name>', 'profile name')
        .description('one saved mapping')
        .action(action(io, showProfile)),
      0,
      'profiles',
    ),
    ['tj imports profiles show my-broker'],
  );
  examples(
    completeArgument(
      profiles
        .command('delete')
        .argument('<name>', 'profile name')
        .description('delete a saved mapping (imports it read stay)')
        .action(action(io, deleteProfile)),
      0,
      'profiles',
    ),
    ['tj imports profiles delete my-broker'],
  );
}
