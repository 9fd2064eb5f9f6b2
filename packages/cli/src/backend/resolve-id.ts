import type { IdKind } from '@tj/core';
import { idPrefixRange, isShortId } from '@tj/core/ids';
import type { Context } from '../context.js';
import { CliError, UsageError } from '../errors.js';
import { dateTime } from '../output/format.js';

/** How many candidates an ambiguous prefix lists. */
const SHOWN = 10;
/** The fewest characters of an id a prefix must give. */
const MIN_PREFIX = 4;

const NOUNS: Record<IdKind, string> = {
  trade: 'trade',
  journal: 'journal entry',
  alert: 'alert',
  webhook: 'webhook',
  import: 'import',
  corporateAction: 'corporate action',
};

/** An id prefix that several records share: the message lists them, one a line. */
export class AmbiguousIdError extends UsageError {}

interface Candidate {
  id: string;
  label: string;
}

async function candidates(ctx: Context, kind: IdKind, prefix: string): Promise<{ found: Candidate[]; total: number }> {
  const client = await ctx.client();
  if (kind === 'trade') {
    const { trades, pagination } = await client.trades.list({ idPrefix: prefix, limit: SHOWN });
    const found = trades.map((t) => ({ id: t.id, label: `${t.instrument} ${t.direction} ${dateTime(t.entryTime, ctx.tz)}` }));
    return { found, total: pagination.total };
  }
  if (kind === 'journal') {
    const { entries, pagination } = await client.journal.list({ idPrefix: prefix, limit: SHOWN });
    return { found: entries.map((e) => ({ id: e.id, label: `${e.date} ${e.type}` })), total: pagination.total };
  }
  // Alerts, webhooks, corporate actions and the latest imports are listed whole, so the prefix is matched on the list itself.
  const range = idPrefixRange(prefix) as { from: string; to: string };
  const inRange = (id: string) => id >= range.from && id <= range.to;
  const all =
    kind === 'alert'
      ? (await client.alerts.list()).alerts.map((a) => ({ id: a.id, label: `${a.name} (${a.type})` }))
      : kind === 'import'
        ? (await client.imports.list({ limit: 100 })).imports.map((i) => ({
            id: i.id,
            label: `${i.fileName ?? i.format.label} ${dateTime(i.startedAt, ctx.tz)}`,
          }))
        : kind === 'corporateAction'
          ? (await client.corporateActions.list()).corporateActions.map((a) => ({
              id: a.id,
              label: `${a.instrument} ${a.kind === 'split' ? `split ${a.ratio}` : `to ${a.newInstrument}`} ${dateTime(a.effectiveAt, ctx.tz)}`,
            }))
          : (await client.webhooks.list()).webhooks.map((w) => ({ id: w.id, label: w.url }));
  const found = all.filter((c) => inRange(c.id.toLowerCase()));
  return { found: found.slice(0, SHOWN), total: found.length };
}

/** The full id of the record a short id names, asked of the server (a short id two records share is its 409, exit 2). */
async function byShortId(ctx: Context, kind: IdKind, short: string): Promise<string> {
  const client = await ctx.client();
  if (kind === 'trade') return (await client.trades.get(short)).id;
  if (kind === 'journal') return (await client.journal.get(short)).id;
  if (kind === 'import') return (await client.imports.get(short)).id;
  // Alerts, webhooks and corporate actions are listed whole: the short id is matched on the list.
  const all =
    kind === 'alert'
      ? (await client.alerts.list()).alerts
      : kind === 'webhook'
        ? (await client.webhooks.list()).webhooks
        : (await client.corporateActions.list()).corporateActions;
  const found = all.filter((r) => r.id.endsWith(short));
  if (found.length === 1 && found[0]) return found[0].id;
  const noun = NOUNS[kind];
  if (found.length === 0) throw new CliError(`no ${noun} has the short id ${short}`);
  throw new AmbiguousIdError(
    `${found.length} ${noun}s have the short id ${short}: give the full id (${found.map((r) => r.id).join(', ')})`,
  );
}

/**
 * The full id of a record given as its full id, its short id (the last 10 hex digits, as lists
 * show it) or the start of its id (like git): a prefix must match exactly one record of the
 * user, else the error lists the candidates.
 *
 * @example const id = await resolveId(ctx, 'trade', '0c9d3f7a61');
 */
export async function resolveId(ctx: Context, kind: IdKind, text: string): Promise<string> {
  const given = text.trim().toLowerCase();
  const noun = NOUNS[kind];
  if (idPrefixRange(given) === undefined) throw new UsageError(`"${text}" is not a ${noun} id, short id or the start of an id`);
  if (given.length === 36) return given;
  if (isShortId(given)) return byShortId(ctx, kind, given);
  if (given.replace(/-/g, '').length < MIN_PREFIX) {
    throw new UsageError(`give at least ${MIN_PREFIX} characters of the ${noun} id (got "${text}")`);
  }
  const { found, total } = await candidates(ctx, kind, given);
  if (total === 1 && found[0]) return found[0].id;
  if (total === 0) throw new CliError(`no ${noun} has an id starting with ${given}`);
  const lines = found.map((c) => `  ${c.id}  ${c.label}`);
  if (total > found.length) lines.push(`  … and ${total - found.length} more`);
  throw new AmbiguousIdError(`${given} is the start of ${total} ${noun} ids; give more of it:\n${lines.join('\n')}`);
}
