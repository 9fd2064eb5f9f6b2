import { type Command, Option } from 'commander';
import type { Input } from '../backend/client.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { dateTimeFlag, listArg, numberArg } from '../util/args.js';

type Kind = 'number' | 'text' | 'time' | 'list' | 'direction' | 'assetClass' | 'right';

/** A trade field as a flag: its option attribute, the body key, and how to read it. */
interface Field {
  flags: string;
  attr: string;
  key: string;
  kind: Kind;
  help: string;
}

const FIELDS: Field[] = [
  { flags: '--instrument <symbol>', attr: 'instrument', key: 'instrument', kind: 'text', help: 'instrument (ES, AAPL, …)' },
  { flags: '--direction <dir>', attr: 'direction', key: 'direction', kind: 'direction', help: 'long or short' },
  { flags: '--entry-price <price>', attr: 'entryPrice', key: 'entryPrice', kind: 'number', help: 'entry price' },
  { flags: '--size <quantity>', attr: 'size', key: 'positionSize', kind: 'number', help: 'position size' },
  { flags: '--entry-time <time>', attr: 'entryTime', key: 'entryTime', kind: 'time', help: 'entry time (default now)' },
  { flags: '--stop <price>', attr: 'stop', key: 'stopLoss', kind: 'number', help: 'stop loss (initial risk, R)' },
  { flags: '--target <price>', attr: 'target', key: 'takeProfit', kind: 'number', help: 'take profit' },
  { flags: '--setup <name>', attr: 'setup', key: 'setupType', kind: 'text', help: 'setup type (breakout, …)' },
  { flags: '--notes <text>', attr: 'notes', key: 'notes', kind: 'text', help: 'notes' },
  { flags: '--tags <a,b>', attr: 'tags', key: 'tags', kind: 'list', help: 'comma-separated tags' },
  { flags: '--fees <money>', attr: 'fees', key: 'fees', kind: 'number', help: 'commissions and fees' },
  { flags: '--multiplier <n>', attr: 'multiplier', key: 'multiplier', kind: 'number', help: 'contract multiplier (default 1)' },
  { flags: '--exit-price <price>', attr: 'exitPrice', key: 'exitPrice', kind: 'number', help: 'exit price (closes the trade)' },
  { flags: '--exit-time <time>', attr: 'exitTime', key: 'exitTime', kind: 'time', help: 'exit time (default now)' },
  { flags: '--result <money>', attr: 'result', key: 'result', kind: 'number', help: 'realised P&L (default computed)' },
  { flags: '--account <account>', attr: 'account', key: 'account', kind: 'text', help: 'broker account' },
  {
    flags: '--asset-class <class>',
    attr: 'assetClass',
    key: 'assetClass',
    kind: 'assetClass',
    help: 'stock, option, future, forex or crypto',
  },
  {
    flags: '--currency <code>',
    attr: 'currency',
    key: 'currency',
    kind: 'text',
    help: 'currency of prices and P&L (USD, EUR, …)',
  },
  {
    flags: '--underlying <symbol>',
    attr: 'underlying',
    key: 'underlying',
    kind: 'text',
    help: 'option underlying or futures root',
  },
  { flags: '--expiry <date>', attr: 'expiry', key: 'expiry', kind: 'text', help: 'expiry date YYYY-MM-DD (options, futures)' },
  { flags: '--strike <price>', attr: 'strike', key: 'strike', kind: 'number', help: 'option strike' },
  { flags: '--right <right>', attr: 'right', key: 'right', kind: 'right', help: 'option right: call or put' },
];

/** Field names `--clear` accepts, and the body keys they null. */
export const CLEARABLE: Record<string, string[]> = {
  stop: ['stopLoss'],
  target: ['takeProfit'],
  setup: ['setupType'],
  notes: ['notes'],
  tags: ['tags'],
  fees: ['fees'],
  multiplier: ['multiplier'],
  result: ['result'],
  exit: ['exitPrice', 'exitTime'],
  account: ['account'],
  'asset-class': ['assetClass'],
  currency: ['currency'],
  underlying: ['underlying'],
  expiry: ['expiry'],
  strike: ['strike'],
  right: ['right'],
};

/** Adds the trade field flags (all of them, or the named attributes) to a command. */
export function addTradeFieldOptions(cmd: Command, only?: string[]): Command {
  for (const f of FIELDS) {
    if (only && !only.includes(f.attr)) continue;
    const option = new Option(f.flags, f.help);
    if (f.kind === 'number') option.argParser(numberArg);
    if (f.kind === 'list') option.argParser(listArg);
    if (f.kind === 'direction') option.choices(['long', 'short']);
    if (f.kind === 'assetClass') option.choices(['stock', 'option', 'future', 'forex', 'crypto']);
    if (f.kind === 'right') option.choices(['call', 'put']);
    cmd.addOption(option);
  }
  return cmd;
}

/** The body fields given as flags (times read in --tz). */
export function tradeBodyFromFlags(ctx: Context, opts: Record<string, unknown>): Input {
  const body: Input = {};
  for (const f of FIELDS) {
    const value = opts[f.attr];
    if (value === undefined) continue;
    body[f.key] = f.kind === 'time' ? dateTimeFlag(f.flags.split(' ')[0] as string, String(value), ctx.tz) : value;
  }
  return body;
}

/** `--clear a,b` as body nulls; a usage error for an unknown name. */
export function clearedFields(names: string[] | undefined): Input {
  const body: Input = {};
  for (const name of names ?? []) {
    const keys = CLEARABLE[name];
    if (!keys) throw new UsageError(`--clear: "${name}" is not one of ${Object.keys(CLEARABLE).join(', ')}`);
    for (const k of keys) body[k] = null;
  }
  return body;
}

/** Validates a prompt answer as a number > 0. */
export function positiveAnswer(v: string): string | true {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? true : 'a number greater than 0';
}

/** Validates a prompt answer as a number ≥ 0. */
export function amountAnswer(v: string): string | true {
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? true : 'a number of 0 or more';
}
