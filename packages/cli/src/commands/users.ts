import type { Command } from 'commander';
import type { User } from '@tj/core';
import { resolveLocalUser } from '../backend/local-app.js';
import { action, examples, type Opts } from '../command-kit.js';
import type { Context, Io } from '../context.js';
import { dateTime } from '../output/format.js';

/** Email, name and password from flags, or prompts on a terminal. */
export async function userFields(ctx: Context, opts: Opts): Promise<{ email: string; name: string; password: string }> {
  const p = ctx.prompt;
  const email = opts.email ?? (await p.text({ message: 'Email', flag: '--email <email>', required: true }));
  const name =
    opts.name ?? (await p.text({ message: 'Name', flag: '--name <name>', required: true, default: email.split('@')[0] }));
  const password =
    opts.password ?? (await p.password({ message: 'Password (8+ characters)', flag: '--password <password>', confirm: true }));
  return { email, name, password };
}

/** Prints a created user. */
export function printCreatedUser(ctx: Context, user: User): void {
  ctx.out.line(ctx.out.c.green(`Created user ${user.name} <${user.email}> (${user.id})`));
}

/** `tj user create`. */
export async function createUser(ctx: Context, opts: Opts): Promise<void> {
  const session = await ctx.local({ create: true });
  const user = await session.core.auth.createUser(await userFields(ctx, opts));
  ctx.out.result(user, (u) => printCreatedUser(ctx, u));
}

/** `tj user list`. */
export async function listUsers(ctx: Context): Promise<void> {
  const users = await (await ctx.local()).core.auth.listUsers();
  ctx.out.result({ users }, (d) => {
    if (d.users.length === 0) return ctx.out.line('No users: run tj init.');
    ctx.out.printTable(
      ['ID', 'Email', 'Name', 'Created'],
      d.users.map((u) => [u.id, u.email, u.name, dateTime(u.createdAt, ctx.tz)]),
    );
  });
}

/** `tj user passwd [email]`: sets a new password. */
export async function changePassword(ctx: Context, opts: Opts, [email]: string[]): Promise<void> {
  const session = await ctx.local();
  const user = await resolveLocalUser(session, email ?? opts.user ?? ctx.env.TJ_USER);
  const password =
    opts.password ??
    (await ctx.prompt.password({ message: `New password for ${user.email}`, flag: '--password <password>', confirm: true }));
  await session.core.auth.setPassword(user.id, { password });
  ctx.out.result({ updated: user.email }, () => ctx.out.line(`Changed the password of ${user.email}`));
}

/** Registers `tj user …`. */
export function registerUsers(program: Command, io: Io): void {
  const user = program.command('user').description('users of a local database (the server logs them in)');
  examples(user, ['tj user create --email bob@example.com --name Bob', 'tj user list']);

  const create = user
    .command('create')
    .description('add a user to the local database (prompts for what flags do not give)')
    .option('--email <email>', 'login email')
    .option('--name <name>', 'display name')
    .option('--password <password>', 'password, 8+ characters (prefer the prompt: flags show in the process list)')
    .action(action(io, createUser));
  examples(create, ['tj user create', 'tj user create --email bob@example.com --name Bob --password "correct horse battery"']);

  examples(user.command('list').description('list the users of the local database').action(action(io, listUsers)), [
    'tj user list --json',
  ]);

  const passwd = user
    .command('passwd [email]')
    .description("change a user's password (default: --user, or the only user)")
    .option('--password <password>', 'the new password (prefer the prompt)')
    .action(action(io, changePassword));
  examples(passwd, ['tj user passwd', 'tj user passwd bob@example.com']);
}
