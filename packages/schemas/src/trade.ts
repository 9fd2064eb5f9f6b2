import { z } from 'zod';
import { excursionSchema } from './bars.js';
import {
  calendarDate,
  currencyInput,
  dateFilter,
  dateTimeInput,
  dateTimeOutput,
  idPrefixSchema,
  idSchema,
  paginationQuery,
  paginationSchema,
  MAX_MULTIPLIER,
  MAX_POSITION_VALUE,
  MIN_QUANTITY,
  priceInput,
  quantity,
  tagList,
  tagSchema,
  textInput,
  timeZone,
} from './common.js';
import { plainNumber } from './messages.js';

/** Trade direction. */
export const directionSchema = z.enum(['long', 'short']);
/** Computed trade status. */
export const tradeStatusSchema = z.enum(['open', 'closed']);

const instrument = textInput(64, { trim: true, min: 1 });
const setupType = textInput(64, { trim: true, min: 1 });
const notes = textInput(10_000);
const money = z
  .number()
  .min(-MAX_POSITION_VALUE)
  .max(MAX_POSITION_VALUE)
  .meta({ description: 'realised P&L in money, within ±1e12; only on a closed trade; wins over the computed result' });
const fees = z.number().min(0).max(MAX_POSITION_VALUE).meta({ description: 'commissions and fees in money, 0 to 1e12' });

const VALUE_RULE =
  'price × positionSize × multiplier (a position value) must not exceed 1e12 for the entry, the exit and the stop';
const entryPrice = priceInput(`> 0 (at least 1e-12), at most 1e12; ${VALUE_RULE}`);
const positionSize = quantity(MAX_POSITION_VALUE, `> 0 (at least 1e-12), at most 1e12; ${VALUE_RULE}`);
const multiplier = quantity(
  MAX_MULTIPLIER,
  `contract multiplier or point value, > 0 (at least 1e-12), at most 1e9, default 1; ${VALUE_RULE}`,
);
const stopLoss = priceInput(
  'initial stop: on the losing side of the entry (below entryPrice for a long trade, above it for a short one); > 0, at most 1e12',
);
const takeProfit = priceInput(
  'target: on the winning side of the entry (above entryPrice for a long trade, below it for a short one); > 0, at most 1e12',
);
const exitPrice = z
  .number()
  .min(0, { message: 'must be 0 (an option that expired worthless) or greater' })
  .max(MAX_POSITION_VALUE, { message: `must be at most ${plainNumber(MAX_POSITION_VALUE)}` })
  // A negative price has its message above; this rule is for the float dust between 0 and 1e-12.
  .refine((v) => v <= 0 || v >= MIN_QUANTITY, { message: `must be 0 or at least ${plainNumber(MIN_QUANTITY)}` })
  .meta({
    description:
      'set to close the trade; > 0 (at least 1e-12), at most 1e12; 0 only for an option (assetClass option) that expired worthless or was assigned or exercised',
  });

/** What kind of instrument a trade is in. */
export const assetClassSchema = z
  .enum(['stock', 'option', 'future', 'forex', 'crypto'])
  .meta({ description: 'stock (equities and ETFs), option, future, forex or crypto' });
/** The right of an option. */
export const optionRightSchema = z.enum(['call', 'put']);
/** The option strategy of a position of several legs (docs/analytics.md, "Option strategies"). */
export const strategySchema = z
  .enum(['vertical', 'straddle', 'strangle', 'iron condor', 'butterfly', 'calendar', 'covered call', 'custom'])
  .meta({ description: 'option strategy of a position of several legs; null for a single instrument' });
/** A strategy filter: a strategy name, or `none` for the trades without one (a single instrument). */
export const strategyFilterSchema = z.enum([...strategySchema.options, 'none']).meta({
  description:
    'Only trades of this option strategy (vertical, straddle, strangle, iron condor, butterfly, calendar, covered call, custom); none: only trades without one (a single instrument)',
});
/** What an execution was: a trade, or an option leaving the account by expiry, assignment or exercise. */
export const executionActionSchema = z.enum(['trade', 'expiry', 'assignment', 'exercise']);

const account = textInput(64, { trim: true, min: 1 }).meta({ description: 'Broker account the trade belongs to' });
const currency = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,10}$/, 'must be a currency code such as USD')
  .meta({ description: 'Currency of prices and P&L (ISO 4217 code, or a crypto asset such as USDT)' });
const underlying = textInput(64, { trim: true, min: 1 }).meta({
  description: 'Underlying of an option, or root of a future (ES for ESZ6)',
});
const expiry = calendarDate.meta({ description: 'Expiry (options) or last trading month (futures) as YYYY-MM-DD' });
const strike = priceInput('Strike of an option; only with assetClass option; > 0 (at least 1e-12), at most 1e12');

/** Body of POST /api/trades. Cross-field rules (stop/target side, exit after entry) are in core's trade rules. */
export const tradeCreateSchema = z
  .strictObject({
    instrument,
    direction: directionSchema,
    entryPrice,
    positionSize,
    entryTime: dateTimeInput,
    stopLoss: stopLoss.optional(),
    takeProfit: takeProfit.optional(),
    setupType: setupType.optional(),
    notes: notes.optional(),
    tags: tagList(20).optional(),
    fees: fees.optional(),
    multiplier: multiplier.optional(),
    exitPrice: exitPrice.optional(),
    exitTime: dateTimeInput.optional(),
    result: money.optional(),
    account: account.optional(),
    assetClass: assetClassSchema.optional(),
    currency: currency.optional(),
    underlying: underlying.optional(),
    expiry: expiry.optional(),
    strike: strike.optional(),
    right: optionRightSchema.optional(),
  })
  .meta({ id: 'TradeCreate' });

/**
 * The create fields of a trade in their canonical order (the order of {@link tradeCreateSchema}'s shape):
 * the import hash, the trades CSV columns and the trade update check all read them from here.
 */
export const TRADE_CREATE_FIELDS = Object.keys(tradeCreateSchema.shape) as readonly (keyof typeof tradeCreateSchema.shape)[];

/** Body of PATCH /api/trades/{id}: any create field; `null` clears an optional one (exitPrice: null reopens). */
export const tradeUpdateSchema = z
  .strictObject({
    instrument: instrument.optional(),
    direction: directionSchema.optional(),
    entryPrice: entryPrice.optional(),
    positionSize: positionSize.optional(),
    entryTime: dateTimeInput.optional(),
    stopLoss: stopLoss.nullable().optional(),
    takeProfit: takeProfit.nullable().optional(),
    setupType: setupType.nullable().optional(),
    notes: notes.nullable().optional(),
    tags: tagList(20).nullable().optional(),
    fees: fees.nullable().optional(),
    multiplier: multiplier.nullable().optional(),
    exitPrice: exitPrice.nullable().optional(),
    exitTime: dateTimeInput.nullable().optional(),
    result: money.nullable().optional(),
    account: account.nullable().optional(),
    assetClass: assetClassSchema.nullable().optional(),
    currency: currency.nullable().optional(),
    underlying: underlying.nullable().optional(),
    expiry: expiry.nullable().optional(),
    strike: strike.nullable().optional(),
    right: optionRightSchema.nullable().optional(),
  })
  .meta({ id: 'TradeUpdate' });

/** One execution (fill) a trade was built from by an import. */
export const tradeExecutionSchema = z
  .object({
    time: dateTimeOutput,
    side: z.enum(['buy', 'sell']),
    quantity: z.number(),
    price: z.number(),
    commission: z.number(),
    fees: z.number(),
    /** The broker's execution id, when the file had one. */
    execId: z.string().nullable(),
    instrument: z.string().meta({ description: "the execution's own instrument (a leg's option symbol in a strategy)" }),
    action: executionActionSchema.meta({ description: 'trade, or expiry, assignment or exercise of an option leg' }),
    orderId: z.string().nullable().meta({ description: "the broker's order (or combo) reference, when the file had one" }),
  })
  .meta({ id: 'TradeExecution' });

/** One partial exit: P&L booked before the trade closed (net of the closed part's fees). */
export const partialExitSchema = z.object({ time: dateTimeOutput, realizedPnL: z.number() }).meta({ id: 'PartialExit' });

/** A trade's money in the currency a list was asked in, with the rate used. */
export const convertedMoneySchema = z
  .object({
    currency: z.string(),
    rate: z
      .string()
      .nullable()
      .meta({ description: "1 of the trade's currency in `currency` (exact decimal text); null: no rate for the day" }),
    rateDate: calendarDate.nullable().meta({ description: 'The day the rate was published for' }),
    source: z.string().nullable().meta({
      description:
        '`same` (no conversion), `broker` (the file’s own rate), `user`, a provider (`ecb`), or two joined by `+` for a cross rate',
    }),
    result: z.number().nullable(),
    realizedPnL: z.number().nullable(),
    fees: z.number().nullable(),
  })
  .meta({ id: 'ConvertedMoney' });

/** A trade as returned by every endpoint. */
export const tradeSchema = z
  .object({
    id: idSchema,
    instrument: z.string(),
    direction: directionSchema,
    entryPrice: z.number(),
    positionSize: z.number(),
    entryTime: dateTimeOutput,
    stopLoss: z.number().nullable(),
    takeProfit: z.number().nullable(),
    setupType: z.string().nullable(),
    notes: z.string().nullable(),
    tags: z.array(z.string()),
    fees: z.number(),
    multiplier: z.number(),
    exitPrice: z.number().nullable(),
    exitTime: dateTimeOutput.nullable(),
    result: z.number().nullable(),
    realizedPnL: z.number().meta({
      description:
        "P&L realized so far: the result once closed; while open, what its partial exits booked, net of the closed part's fees (0 without any)",
    }),
    partialExits: z.array(partialExitSchema).meta({
      description: 'the partial exits booked before the close, oldest first ([] without any); the close books result − their sum',
    }),
    strategy: strategySchema.nullable(),
    feesFromSchedule: z.boolean().meta({
      description:
        'true when (some of) fees came from the commission schedule in /api/settings: the imported file stated no commission or fee',
    }),
    rMultiple: z.number().nullable(),
    rSource: z.enum(['stop', 'default risk']).nullable().meta({
      description:
        'Where rMultiple comes from: the stop, or the default risk in /api/settings (a trade without a stop); null without R',
    }),
    status: tradeStatusSchema,
    account: z.string().nullable(),
    assetClass: assetClassSchema.nullable(),
    currency: z.string().nullable(),
    fxRateToBase: z.string().nullable().meta({
      description:
        "The broker's own rate from `currency` to the account's base currency (IBKR fxRateToBase of the closing fill), exact decimal text; null when the file gave none",
    }),
    converted: convertedMoneySchema.optional().meta({ description: 'Only in GET /api/trades with `currency`' }),
    underlying: z.string().nullable(),
    expiry: calendarDate.nullable(),
    strike: z.number().nullable(),
    right: optionRightSchema.nullable(),
    importId: idSchema.nullable().meta({ description: 'The import that created the trade; null when entered by hand' }),
    excursion: excursionSchema.nullable().meta({
      description:
        'MAE, MFE, ETD and efficiencies from the price bars covering the trade (docs/analytics.md, "Excursions"); null until computed',
    }),
    createdAt: dateTimeOutput,
    updatedAt: dateTimeOutput,
    executions: z.array(tradeExecutionSchema).optional().meta({
      description:
        'Only when one trade is read (GET /api/trades/{id}): the executions an import built it from, oldest first ([] for a trade entered by hand). A fill that went through flat appears in both trades with its share.',
    }),
  })
  .meta({ id: 'Trade' });

/** Which trades an analytic or list looks at: every analytics call takes these. */
export const tradeSelectionQuery = {
  instrument: instrument.optional(),
  account: account.optional(),
  assetClass: assetClassSchema.optional(),
  setup: setupType.optional().meta({ description: 'Only trades of this setupType (exact match)' }),
  tag: tagSchema.optional().meta({ description: 'Only trades carrying this tag (exact match)' }),
  strategy: strategyFilterSchema.optional(),
};

/** `currency`: the currency an answer's money is reported in (docs/analytics.md, "Currencies"). */
export const reportingCurrencyQuery = {
  currency: currencyInput.optional().meta({
    description:
      'Report money in this currency: trades in others are converted at the rate of each exit’s day (the broker’s, else the user’s rates). Needed when the selected trades are in several currencies and no base currency is set (else 400)',
  }),
};

/** Filters shared by the trade list and the statistics. */
export const tradeFilterQuery = {
  ...tradeSelectionQuery,
  dateFrom: dateFilter.optional(),
  dateTo: dateFilter.optional(),
  status: z.enum(['open', 'closed', 'all']).optional(),
};

/** Query of GET /api/trades: the filters, and `idPrefix` to find trades by the start of their id. */
export const tradeListQuerySchema = z.strictObject({
  ...paginationQuery,
  ...tradeFilterQuery,
  ...reportingCurrencyQuery,
  idPrefix: idPrefixSchema.optional(),
  tz: timeZone.default('UTC').meta({ description: 'zone of date-only dateFrom/dateTo (default UTC)' }),
});

/** Query of GET /api/trades/statistics: the list's filters and `tz`, the zone of date-only dateFrom/dateTo. */
export const tradeStatisticsQuerySchema = z.strictObject({
  ...tradeFilterQuery,
  ...reportingCurrencyQuery,
  tz: timeZone.default('UTC'),
  maeR: z.coerce.number().min(0.01).max(100).default(1).meta({
    description: 'The x of excursions.stopPlacement: the share of winners whose MAE went beyond −x R (default 1)',
  }),
});

/** Response of GET /api/trades. */
export const tradeListSchema = z.object({ trades: z.array(tradeSchema), pagination: paginationSchema }).meta({ id: 'TradeList' });

/** Input of POST /api/trades (before defaults). */
export type TradeCreateInput = z.input<typeof tradeCreateSchema>;
/** Validated create body. */
export type TradeCreate = z.output<typeof tradeCreateSchema>;
/** Validated update body. */
export type TradeUpdate = z.output<typeof tradeUpdateSchema>;
/** Input of PATCH /api/trades/{id} (`null` clears an optional field). */
export type TradeUpdateInput = z.input<typeof tradeUpdateSchema>;
/** Trade record. */
export type Trade = z.output<typeof tradeSchema>;
/** A page of trades (GET /api/trades). */
export type TradeList = z.output<typeof tradeListSchema>;
/** Asset class of a trade. */
export type AssetClass = z.output<typeof assetClassSchema>;
/** Right of an option. */
export type OptionRight = z.output<typeof optionRightSchema>;
/** Validated list query. */
export type TradeListQuery = z.output<typeof tradeListQuerySchema>;
/** Which trades an analytic looks at (validated). */
export type TradeSelection = { [K in keyof typeof tradeSelectionQuery]?: z.output<(typeof tradeSelectionQuery)[K]> };
/** Validated trade filter. */
export type TradeFilter = Omit<z.output<typeof tradeStatisticsQuerySchema>, 'tz' | 'currency' | 'maeR'>;
/** One execution of a trade. */
export type TradeExecution = z.output<typeof tradeExecutionSchema>;
/** An option strategy name. */
export type Strategy = z.output<typeof strategySchema>;
/** A strategy filter: a strategy name or `none`. */
export type StrategyFilter = z.output<typeof strategyFilterSchema>;
/** What an execution was. */
export type ExecutionAction = z.output<typeof executionActionSchema>;
/** One partial exit of a trade. */
export type PartialExit = z.output<typeof partialExitSchema>;
/** A trade's money in another currency, with the rate used. */
export type ConvertedMoney = z.output<typeof convertedMoneySchema>;
