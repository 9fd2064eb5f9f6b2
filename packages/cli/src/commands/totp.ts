import type { Command } from 'commander';
import { action, examples, type Opts } from '../command-kit.js';
import type { Context, Io } from '../context.js';

const CODE = (s: string) =>
  /^\d{6}$/.test(s.trim()) || s.trim().length >= 16 ? true : 'the six digits from your app, or a recovery code';

/** The code of `--code`, or asked for. */
async function codeOf(ctx: Context, opts: Opts, message: string): Promise<string> {
  return opts.code ?? (await ctx.prompt.text({ message, flag: '--code <code>', required: true, validate: CODE }));
}

/** `tj totp status`. */
export async function totpStatus(ctx: Context): Promise<void> {
  const status = await (await ctx.client()).auth.totp.status();
  ctx.out.result(status, (s) =>
    ctx.out.line(
      s.enabled
        ? `Two-factor login is on (${s.recoveryCodesLeft} recovery codes left).`
        : s.pending
          ? 'Two-factor login is being set up: finish with tj totp enable.'
          : 'Two-factor login is off.',
    ),
  );
}

/** Confirms the enrolment with a code and prints the recovery codes. */
async function confirmWith(ctx: Context, code: string): Promise<void> {
  const enabled = await (await ctx.client()).auth.totp.confirm(code);
  ctx.out.result(enabled, (e) => {
    ctx.out.line(ctx.out.c.green('Two-factor login is on. tj login will ask for a code.'));
    ctx.out.line('Recovery codes (each works once if you lose the app; shown only now, keep them safe):');
    for (const c of e.recoveryCodes) ctx.out.line(`  ${c}`);
  });
}

/**
 * `tj totp enable`: a new secret for the authenticator app. At a terminal it then asks for the
 * app's first code and turns two-factor login on; otherwise it prints the secret and stops, and
 * `tj totp confirm --code` finishes.
 */
export async function totpEnable(ctx: Context): Promise<void> {
  const enrolment = await (await ctx.client()).auth.totp.enrol();
  const show = (write: (line: string) => void) => {
    write('Add this account to your authenticator app (show the URI as a QR code, or type the secret):');
    write(`  ${enrolment.otpauthUri}`);
    write(`  secret: ${enrolment.secret}`);
  };
  if (!ctx.prompt.interactive) {
    ctx.out.result({ ...enrolment, pending: true }, () => {
      show((line) => ctx.out.line(line));
      ctx.out.line('Then finish with: tj totp confirm --code <the six digits your app shows>');
    });
    return;
  }
  show((line) => ctx.out.note(line));
  await confirmWith(ctx, await codeOf(ctx, {}, 'The six digits your app shows now'));
}

/** `tj totp confirm`: finishes an enrolment started by `tj totp enable`. */
export async function totpConfirm(ctx: Context, opts: Opts): Promise<void> {
  await confirmWith(ctx, await codeOf(ctx, opts, 'The six digits your app shows now'));
}

/** `tj totp disable`. */
export async function totpDisable(ctx: Context, opts: Opts): Promise<void> {
  const client = await ctx.client();
  await client.auth.totp.disable(await codeOf(ctx, opts, 'A code from your app, or a recovery code'));
  ctx.out.result({ enabled: false }, () => ctx.out.line('Two-factor login is off.'));
}

/** Registers `tj totp …`. */
export function registerTotp(program: Command, io: Io): void {
  const totp = program.command('totp').description('two-factor login with an authenticator app (TOTP)');
  examples(totp, ['tj totp enable', 'tj totp status']);
  examples(totp.command('status').description('whether two-factor login is on').action(action(io, totpStatus)), [
    'tj totp status --json',
  ]);
  const enable = totp
    .command('enable')
    .description('turn two-factor login on: add the secret to your app, then give its code')
    .action(action(io, totpEnable));
  enable.addHelpText('after', '\nWithout a terminal it prints the secret and stops: finish with tj totp confirm --code <code>.');
  examples(enable, ['tj totp enable']);
  const confirm = totp
    .command('confirm')
    .description('finish turning two-factor login on with the code your app shows')
    .option('--code <code>', 'the six digits your app shows (prompted when left out)')
    .action(action(io, totpConfirm));
  examples(confirm, ['tj totp confirm --code 123456']);
  const disable = totp
    .command('disable')
    .description('turn two-factor login off with a code or a recovery code')
    .option('--code <code>', 'a code from your app, or a recovery code (prompted when left out)')
    .action(action(io, totpDisable));
  examples(disable, ['tj totp disable', 'tj totp disable --code abcd-efgh-ijkl-mnop']);
}
