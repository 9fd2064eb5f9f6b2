import { z } from 'zod';
import { dateTimeOutput, idPrefixSchema, idSchema, textInput } from './common.js';

/** What a corporate action does: a split (forward or reverse) or a change of symbol. */
export const corporateActionKindSchema = z
  .enum(['split', 'symbolChange'])
  .meta({ description: 'split (forward or reverse: ratio) or symbolChange (newInstrument)' });

/** The most shares on either side of a split ratio. */
export const MAX_SPLIT_SIDE = 1_000_000;

const RATIO = /^(\d+(?:\.\d{1,8})?):(\d+(?:\.\d{1,8})?)$/;

/** A split ratio as numbers: `new` shares for every `old` share (4:1 forward, 1:10 reverse). */
export interface SplitRatio {
  new: number;
  old: number;
}

/**
 * Reads a split ratio `new:old` (each side a number > 0 with at most 8 decimals, at most 1e6;
 * spaces allowed around the colon); undefined when it is not one. 1:1 reads (it is refused
 * where a split is made, as a split that changes nothing).
 *
 * @example parseSplitRatio('4:1') // { new: 4, old: 1 }
 * @example parseSplitRatio('1 : 10') // { new: 1, old: 10 }
 */
export function parseSplitRatio(text: string): SplitRatio | undefined {
  const m = RATIO.exec(text.replace(/\s+/g, ''));
  if (m === null) return undefined;
  const ratio = { new: Number(m[1]), old: Number(m[2]) };
  const fits = (n: number) => n > 0 && n <= MAX_SPLIT_SIDE;
  return fits(ratio.new) && fits(ratio.old) ? ratio : undefined;
}

/**
 * A split ratio as written: `new:old` in the numbers' shortest form.
 *
 * @example formatSplitRatio({ new: 4, old: 1 }) // '4:1'
 */
export function formatSplitRatio(ratio: SplitRatio): string {
  return `${ratio.new}:${ratio.old}`;
}

const RATIO_RULE = `new:old, each > 0 with at most 8 decimals and at most ${MAX_SPLIT_SIDE}: 4:1 (forward), 1:10 (reverse), 3:2`;

/** A split ratio in a request: `new:old`, not 1:1; sent on as its shortest form (`04:1.0` → `4:1`). */
export const splitRatioInput = z
  .string()
  .transform((s, ctx) => {
    const ratio = parseSplitRatio(s);
    if (ratio === undefined) {
      ctx.addIssue({ code: 'custom', message: `must be a split ratio ${RATIO_RULE}` });
      return z.NEVER;
    }
    if (ratio.new === ratio.old) {
      ctx.addIssue({ code: 'custom', message: 'must change the number of shares (a 1:1 split changes nothing)' });
      return z.NEVER;
    }
    return formatSplitRatio(ratio);
  })
  .meta({ description: `Shares after : shares before (${RATIO_RULE}); not 1:1`, example: '4:1' });

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * When an action takes effect: a date (the start of that day in UTC) or a date-time with an
 * offset; normalised to UTC `...Z` with milliseconds.
 */
export const effectiveAtInput = z
  .string()
  .trim()
  .transform((s, ctx) => {
    const isDate = DATE.test(s) && z.iso.date().safeParse(s).success;
    if (!isDate && !z.iso.datetime({ offset: true }).safeParse(s).success) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a date such as 2026-08-31 (the start of that day in UTC) or a date-time such as 2026-08-31T13:30:00Z',
      });
      return z.NEVER;
    }
    return new Date(isDate ? `${s}T00:00:00Z` : s).toISOString();
  })
  .meta({
    description:
      'When it takes effect: trades and executions before it are adjusted. A date (YYYY-MM-DD) is the start of that day in UTC; or an ISO date-time with offset. Not in the future.',
    example: '2026-08-31',
  });

const instrument = textInput(64, { trim: true, min: 1 });
const account = textInput(64, { trim: true, min: 1 });

/** Body of POST /api/corporate-actions: a split (`ratio`) or a symbol change (`newInstrument`). */
export const corporateActionCreateSchema = z
  .strictObject({
    kind: corporateActionKindSchema,
    instrument: instrument.meta({ description: 'The instrument as your trades carry it (before a symbol change: the old one)' }),
    account: account
      .nullable()
      .optional()
      .meta({ description: 'Only the trades of this account; absent or null: every account' }),
    effectiveAt: effectiveAtInput,
    ratio: splitRatioInput.optional().meta({ description: `split only: ${RATIO_RULE}; not 1:1` }),
    newInstrument: instrument.optional().meta({ description: 'symbolChange only: the new symbol (differs from instrument)' }),
    note: textInput(1000).optional(),
  })
  .meta({ id: 'CorporateActionCreate' });

/** A corporate action as returned. */
export const corporateActionSchema = z
  .object({
    id: idSchema,
    kind: corporateActionKindSchema,
    instrument: z.string(),
    account: z.string().nullable().meta({ description: 'null: every account' }),
    effectiveAt: dateTimeOutput,
    ratio: z.string().nullable().meta({ description: 'A split’s new:old (4:1, 1:10); null for a symbol change', example: '4:1' }),
    newInstrument: z.string().nullable().meta({ description: 'A symbol change’s new symbol; null for a split' }),
    note: z.string().nullable(),
    importId: idSchema.nullable().meta({ description: 'The import that read it from a broker file; null when entered by hand' }),
    createdAt: dateTimeOutput,
  })
  .meta({ id: 'CorporateAction' });

/** Answer of POST /api/corporate-actions: the action and the open trades it adjusted. */
export const corporateActionCreatedSchema = corporateActionSchema
  .extend({
    adjustedTradeIds: z
      .array(idSchema)
      .meta({ description: 'The open trades the action adjusted (each also sent as trade.updated)' }),
  })
  .meta({ id: 'CorporateActionCreated' });

/** Query of GET /api/corporate-actions. */
export const corporateActionListQuerySchema = z.strictObject({
  instrument: instrument
    .optional()
    .meta({ description: 'Only actions of this instrument (a symbol change also under its new symbol)' }),
  account: account
    .optional()
    .meta({ description: 'Only actions that apply to this account: its own and those of every account' }),
  idPrefix: idPrefixSchema.optional(),
});

/** Answer of GET /api/corporate-actions: newest effective first. */
export const corporateActionListSchema = z
  .object({ corporateActions: z.array(corporateActionSchema) })
  .meta({ id: 'CorporateActionList' });

/** A kind of corporate action. */
export type CorporateActionKind = z.output<typeof corporateActionKindSchema>;
/** Validated create body of a corporate action. */
export type CorporateActionCreate = z.output<typeof corporateActionCreateSchema>;
/** Input of creating a corporate action. */
export type CorporateActionCreateInput = z.input<typeof corporateActionCreateSchema>;
/** A corporate action record. */
export type CorporateAction = z.output<typeof corporateActionSchema>;
/** The answer of creating a corporate action. */
export type CorporateActionCreated = z.output<typeof corporateActionCreatedSchema>;
/** Validated list query of corporate actions. */
export type CorporateActionListQuery = z.output<typeof corporateActionListQuerySchema>;
/** Input of the corporate action list query. */
export type CorporateActionListQueryInput = z.input<typeof corporateActionListQuerySchema>;
/** The user's corporate actions (GET /api/corporate-actions). */
export type CorporateActionList = z.output<typeof corporateActionListSchema>;
