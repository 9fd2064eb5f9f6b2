import { z } from 'zod';
import { currencyCode, currencyInput, MAX_POSITION_VALUE, quantity, textInput, timeZone } from './common.js';

const clockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM (00:00 to 23:59)')
  .meta({ example: '17:00' });

/** When a trading day begins: a wall-clock time in a zone (the request's `tz` when the zone is null). */
export const tradingDayStartSchema = z
  .object({
    time: clockTime,
    timeZone: timeZone.nullable().meta({ description: "IANA zone of `time`; null: the request's tz" }),
  })
  .meta({
    id: 'TradingDayStart',
    description:
      'A trading day starts at `time` in `timeZone`. At 12:00 or earlier the day is named by the date it starts on; after 12:00 (an evening open, 17:00 for CME) by the date it ends on.',
  });

/** A trading day start as sent: the zone may be left out (null). */
export const tradingDayStartInput = z.strictObject({
  time: clockTime,
  timeZone: timeZone.nullable().default(null),
});

/** How much a trade of one instrument root risks when it has no stop: money, or a stop distance in points. */
export const instrumentRiskSchema = z
  .object({
    risk: z.number().nullable().meta({ description: 'Money risked per trade of this root' }),
    stopPoints: z
      .number()
      .nullable()
      .meta({ description: 'A stop distance in price points: the risk is stopPoints × size × multiplier (wins over risk)' }),
  })
  .meta({ id: 'InstrumentRisk' });

/** Commissions charged per order where a file states no fees (money; null: no such charge). */
export const commissionScheduleSchema = z
  .object({
    perShare: z.number().nullable().meta({ description: 'Per share (stocks, ETFs and other non-contract units)' }),
    perContract: z.number().nullable().meta({ description: 'Per contract (futures, options)' }),
    perOrder: z.number().nullable().meta({ description: 'Per order (fills sharing an order id are one order)' }),
    minimum: z.number().nullable().meta({ description: 'At least this per order' }),
  })
  .meta({ id: 'CommissionSchedule', description: 'Applied at import to the fills of a file that states no commission or fee' });

/** The settings one scope (the user, or one account) holds. Later settings add fields here. */
export const scopeSettingsSchema = z.object({
  baseCurrency: currencyCode.nullable().default(null).meta({
    description:
      "The user's: the currency analytics report in when none is asked for. An account's: the currency of its trades that state none, and the one the broker's own rates convert to. null: none",
  }),
  tradingDayStart: tradingDayStartSchema
    .nullable()
    .meta({ description: "null: the default (the user's is midnight in the request tz; an account's is the user's)" }),
  defaultRisk: z
    .number()
    .nullable()
    .default(null)
    .meta({ description: 'Money risked per trade, for the R multiple of a trade without a stop; null: none (R stays null)' }),
  instruments: z
    .record(z.string(), instrumentRiskSchema)
    .default({})
    .meta({ description: 'Risk per instrument root (ES, AAPL: a trade’s underlying, else its instrument), upper case' }),
  commission: commissionScheduleSchema
    .nullable()
    .default(null)
    .meta({ description: "Fees of files that state none; null: none (an account's null: the user's)" }),
});

/** Response of GET and PATCH /api/settings. */
export const settingsSchema = scopeSettingsSchema
  .extend({
    accounts: z
      .record(z.string(), scopeSettingsSchema)
      .meta({ description: 'Per-account settings by account name; an account without an entry uses the user settings' }),
  })
  .meta({ id: 'Settings' });

const riskMoney = quantity(MAX_POSITION_VALUE, 'money, > 0, at most 1e12');
const feeMoney = z.number().min(0).max(1e6).meta({ description: 'money, 0 to 1e6' });
const instrumentRoot = textInput(16, { trim: true, min: 1 }).transform((s) => s.toUpperCase());

const scopePatch = {
  baseCurrency: currencyInput.nullable().optional().meta({ description: 'a currency code; null clears' }),
  tradingDayStart: tradingDayStartInput.nullable().optional().meta({ description: 'null: back to the default' }),
  defaultRisk: riskMoney.nullable().optional().meta({ description: 'Money risked per trade without a stop; null clears' }),
  instruments: z
    .record(
      instrumentRoot,
      z
        .strictObject({
          risk: riskMoney.nullable().optional(),
          stopPoints: quantity(MAX_POSITION_VALUE, 'price points, > 0').nullable().optional(),
        })
        .nullable(),
    )
    .optional()
    .meta({ description: 'Risk by instrument root; a root set to null is dropped; fields left out keep their value' }),
  commission: z
    .strictObject({
      perShare: feeMoney.nullable().optional(),
      perContract: feeMoney.nullable().optional(),
      perOrder: feeMoney.nullable().optional(),
      minimum: feeMoney.nullable().optional(),
    })
    .nullable()
    .optional()
    .meta({ description: 'Commission schedule; null drops it; fields left out keep their value, null clears one' }),
};

/** Body of PATCH /api/settings: fields left out keep their value; null clears; an account set to null drops its settings. */
export const settingsPatchSchema = z
  .strictObject({
    ...scopePatch,
    accounts: z.record(textInput(64, { trim: true, min: 1 }), z.strictObject(scopePatch).nullable()).optional(),
  })
  .meta({ id: 'SettingsPatch' });

/** The settings of a user. */
export type Settings = z.output<typeof settingsSchema>;
/** The settings of one scope. */
export type ScopeSettings = z.output<typeof scopeSettingsSchema>;
/** A commission schedule. */
export type CommissionSchedule = z.output<typeof commissionScheduleSchema>;
/** A trading day start. */
export type TradingDayStart = z.output<typeof tradingDayStartSchema>;
/** A validated settings patch. */
export type SettingsPatch = z.output<typeof settingsPatchSchema>;
/** Input of PATCH /api/settings. */
export type SettingsPatchInput = z.input<typeof settingsPatchSchema>;
