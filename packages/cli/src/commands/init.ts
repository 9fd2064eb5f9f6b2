import type { Command } from 'commander';
import { action, examples, type Opts } from '../command-kit.js';
import type { Context, Io } from '../context.js';
import { CliError } from '../errors.js';
import { printCreatedUser, userFields } from './users.js';

/** `tj init`: creates the local database and its first user. */
export async function init(ctx: Context, opts: Opts): Promise<void> {
  const session = await ctx.local({ create: true });
  const existing = await session.core.auth.listUsers();
  if (existing.length > 0) {
    throw new CliError(
      `${session.where} is already set up (${existing.length} user${existing.length > 1 ? 's' : ''}): add users with tj user create`,
    );
  }
  const user = await session.core.auth.createUser(await userFields(ctx, opts));
  ctx.out.result({ database: session.where, user }, (d) => {
    ctx.out.line(ctx.out.c.green(`Created the journal database at ${d.database}`));
    printCreatedUser(ctx, d.user);
    ctx.out.line('Next: tj import fills.csv, tj trades add, or tj serve.');
  });
}

/** Registers `tj init`. */
export function registerInit(program: Command, io: Io): void {
  const cmd = program
    .command('init')
    .description('create the local database and its first user (prompts, or flags)')
    .option('--email <email>', 'login email')
    .option('--name <name>', 'display name')
    .option('--password <password>', 'password, 8+ characters (prefer the prompt: flags show in the process list)')
    .action(action(io, init));
  examples(cmd, [
    'tj init',
    'tj init --email ann@example.com --name Ann',
    'tj --db ./journal.db init --email ann@example.com --name Ann --password "correct horse battery"',
  ]);
}
