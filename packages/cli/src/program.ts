import { Command } from 'commander';
import { registerAccounts } from './commands/accounts.js';
import { registerImports } from './commands/imports.js';
import { registerAnalytics } from './commands/analytics.js';
import { registerAlerts } from './commands/alerts.js';
import { registerAuth } from './commands/auth.js';
import { registerCompletion } from './commands/completion.js';
import { completeOption } from './completion/spec.js';
import { registerCorporateActions } from './commands/corporate-actions.js';
import { registerFx } from './commands/fx.js';
import { registerBars } from './commands/bars.js';
import { registerBarsFetch } from './commands/bars-fetch.js';
import { registerDashboard } from './commands/dashboard.js';
import { registerExport } from './commands/export.js';
import { registerImport } from './commands/import.js';
import { registerInit } from './commands/init.js';
import { registerJournal } from './commands/journal.js';
import { registerReport } from './commands/report.js';
import { registerKeys } from './commands/keys.js';
import { registerMcp } from './commands/mcp.js';
import { registerServe } from './commands/serve.js';
import { registerSettings } from './commands/settings.js';
import { registerStats } from './commands/stats.js';
import { registerTotp } from './commands/totp.js';
import { registerTrades } from './commands/trades.js';
import { registerUsers } from './commands/users.js';
import { registerWebhooks } from './commands/webhooks.js';
import type { Io } from './context.js';
import { PACKAGE_VERSION } from './version.js';

/** The version `tj --version` prints: @tj/cli's, from its package.json (scripts/versions.mjs). */
export const VERSION = PACKAGE_VERSION;

/**
 * The `tj` command tree. Usage errors throw (exitOverride) instead of exiting, and commander's
 * own messages are written as `tj: <message>`.
 */
export function createProgram(io: Io): Command {
  const program = new Command('tj')
    .description('A trading journal at the terminal: import fills, review trades, keep a journal, run the server.')
    .version(VERSION, '-V, --version')
    .option('--db <url>', 'local database: a SQLite path, sqlite:<path> or postgres://… (env TJ_DATABASE_URL)')
    .option('--json', 'machine-readable output: exactly one JSON document on stdout')
    .option('--tz <zone>', 'IANA time zone for dates and analytics (env TJ_TZ; default: the system zone)')
    .option('--user <email>', 'acting user when a local database has several (env TJ_USER)')
    .option('--no-input', 'never prompt: fail naming the flag to pass instead')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) });
  program.addHelpText(
    'after',
    `
Modes: local (default) works on the database of --db / TJ_DATABASE_URL, else
~/.local/share/trading-journal/journal.db. After "tj login --server URL" commands go through
that server, until "tj logout" (or whenever --db is given).

Examples:
  $ tj init --email ann@example.com --name Ann
  $ tj import fills.csv --dry-run
  $ tj trades list --status open
  $ tj dashboard --tz America/New_York
  $ tj stats --json`,
  );
  for (const register of [
    registerInit,
    registerUsers,
    registerAuth,
    registerTotp,
    registerKeys,
    registerAccounts,
    registerImports,
    registerImport,
    registerTrades,
    registerCorporateActions,
    registerStats,
    registerDashboard,
    registerAnalytics,
    registerReport,
    registerFx,
    registerBars,
    registerBarsFetch,
    registerJournal,
    registerSettings,
    registerWebhooks,
    registerAlerts,
    registerExport,
    registerServe,
    registerMcp,
    registerCompletion,
  ]) {
    register(program, io);
  }
  completeOption(program, '--tz', 'zones');
  oneLineErrors(program);
  return program;
}

/** The words of a command: `tj trades list`. */
function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/**
 * Makes commander's usage errors one line each, naming the help to read:
 * `tj: unknown option '--bogus' (see tj trades list --help)`; a bad option value reads as tj's
 * other field errors do: `tj: --limit 0: must be a whole number of 1 or more (see …)`.
 */
function oneLineErrors(cmd: Command): void {
  const help = `(see ${commandPath(cmd)} --help)`;
  cmd.configureOutput({
    outputError: (s, write) => {
      const message = s
        .replace(/^error: /, '')
        .replace(
          /^option '(-[^' ]+)[^']*' argument '([^']*)' is invalid\.\s*(.)/s,
          (_, flag: string, value: string, first: string) => `${flag} ${value}: ${first.toLowerCase()}`,
        )
        .replace(/\s*\n\(Did you mean (.+?)\)/, '; did you mean $1')
        .replace(/\s*\n\s*/g, ' ')
        .trim()
        .replace(/\.$/, '');
      write(`tj: ${message} ${help}\n`);
    },
  });
  for (const sub of cmd.commands) oneLineErrors(sub);
}
