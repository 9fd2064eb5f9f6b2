/**
 * The tools `tj mcp` offers: each one operation of the API (the operation table, `OPERATIONS`),
 * its arguments and answer the operation's own schemas. Reading covers statistics, trades,
 * calendar, categories, performance and the journal; writing only journal entries and a trade's
 * notes, tags and setup. Nothing here knows the protocol (see server.ts).
 */
import { OPERATIONS, type OperationId, type OperationSpec, timeZone, tradeUpdateSchema } from '@tj/core';
import { z } from 'zod';

/** One tool: the operation it calls, its arguments (validated before the call) and its answer's schema. */
export interface McpTool {
  name: string;
  title: string;
  description: string;
  operation: OperationId;
  /** What it does, from the operation's method: `read` (GET) changes nothing, `create` (POST) adds, `update` (PATCH) overwrites the fields given. */
  kind: 'read' | 'create' | 'update';
  /** The arguments: `id` (of the record the path names, if any) and the fields of the query or body. */
  input: z.ZodObject;
  /** Where the arguments other than `id` go. */
  sendAs: 'query' | 'body';
  output: z.ZodType;
}

/** The object schema of a query or body (the operation table's are all objects). */
function fieldsOf(schema: z.ZodType | undefined): z.ZodObject | undefined {
  if (schema === undefined) return undefined;
  if (!(schema instanceof z.ZodObject)) throw new Error('an MCP tool takes an object query or body');
  return schema;
}

/** What a tool adds to its operation: its name and title, a sentence for the model, the record `id` it takes. */
interface ToolOptions {
  title: string;
  /** Said after the operation's summary. */
  hint?: string;
  /** The record the path names (`trade`): the tool takes its `id`. */
  id?: string;
  /** Only these fields of the operation's body (a write limited to them). */
  only?: z.ZodObject;
}

/** A tool's kind by its operation's method; no tool deletes or replaces. */
const KINDS: Record<OperationSpec['method'], McpTool['kind'] | undefined> = {
  GET: 'read',
  POST: 'create',
  PATCH: 'update',
  PUT: undefined,
  DELETE: undefined,
};

function tool(name: string, operation: OperationId, tz: string, options: ToolOptions): McpTool {
  const spec: OperationSpec = OPERATIONS[operation];
  const fields = options.only ?? fieldsOf(spec.query) ?? fieldsOf(spec.body);
  const shape: Record<string, z.ZodType> = { ...fields?.shape };
  if (options.id !== undefined) {
    shape.id = z
      .string()
      .trim()
      .min(1)
      .meta({ description: `The ${options.id}'s id, as the tools answer it` });
  }
  // Days, weeks and months are counted in tj's zone (--tz, TJ_TZ, else the system's), as every command counts them.
  if ('tz' in shape) shape.tz = timeZone.default(tz).meta({ description: `IANA time zone of dates and days (default ${tz})` });
  const kind = KINDS[spec.method];
  if (kind === undefined || spec.response.schema === undefined) throw new Error(`${operation} cannot be a tool`);
  return {
    name,
    title: options.title,
    description: [spec.summary.replace(/\.?$/, '.'), options.hint].filter(Boolean).join(' '),
    operation,
    kind,
    input: z.strictObject(shape),
    sendAs: spec.body !== undefined ? 'body' : 'query',
    output: spec.response.schema,
  };
}

const MONEY = 'Money is in the trades’ currency; with several currencies pass `currency` (or set a base currency) to convert.';
const FILTERS = 'Filters: instrument, account, assetClass, setup, tag, strategy.';

/**
 * Every tool, in the order they are listed; days are counted in `tz` unless a call says otherwise.
 *
 * @example mcpTools('Europe/London').map((t) => t.name) // ['statistics', 'list_trades', …]
 */
export function mcpTools(tz: string): McpTool[] {
  return [
    tool('statistics', 'tradeStatistics', tz, {
      title: 'Trading statistics',
      hint: `Win rate, profit factor, expectancy, drawdown, R, streaks. ${FILTERS} dateFrom/dateTo: YYYY-MM-DD or a date-time. ${MONEY}`,
    }),
    tool('list_trades', 'listTrades', tz, {
      title: 'List trades',
      hint: `Paged: page from 1, limit 1 to 100 (default 20); pagination gives the total. status: open, closed or all. ${FILTERS}`,
    }),
    tool('get_trade', 'getTrade', tz, {
      title: 'One trade',
      hint: 'With its executions and partial exits.',
      id: 'trade',
    }),
    tool('calendar', 'calendar', tz, { title: 'Calendar of a month', hint: `month: YYYY-MM. ${FILTERS}` }),
    tool('by_category', 'byCategory', tz, { title: 'Performance by category', hint: FILTERS }),
    tool('performance', 'performance', tz, { title: 'Performance per period', hint: FILTERS }),
    tool('list_journal_entries', 'listJournalEntries', tz, {
      title: 'List journal entries',
      hint: 'Paged like list_trades; dateFrom/dateTo and type (daily, weekly, monthly) filter.',
    }),
    tool('get_journal_entry', 'getJournalEntry', tz, { title: 'One journal entry', id: 'journal entry' }),
    tool('create_journal_entry', 'createJournalEntry', tz, {
      title: 'Write a journal entry',
      hint: 'One entry per date and type (daily by default); emotionalState scores are 1 to 10.',
    }),
    tool('update_journal_entry', 'updateJournalEntry', tz, {
      title: 'Change a journal entry',
      hint: 'Only the fields given change; null clears one.',
      id: 'journal entry',
    }),
    tool('annotate_trade', 'updateTrade', tz, {
      title: 'Set a trade’s notes, tags or setup',
      hint: 'Only notes, tags and setupType can be changed here; tags replace the old ones; null clears a field.',
      id: 'trade',
      only: tradeUpdateSchema.pick({ notes: true, tags: true, setupType: true }),
    }),
  ];
}
