import { z } from 'zod';
import {
  dateFilter,
  dateTimeInput,
  dateTimeOutput,
  idSchema,
  paginationQuery,
  paginationSchema,
  positiveNumber,
  tagList,
  timeZone,
} from './common.js';

/** Trade direction. */
export const directionSchema = z.enum(['long', 'short']);
/** Computed trade status. */
export const tradeStatusSchema = z.enum(['open', 'closed']);

const instrument = z.string().trim().min(1).max(64);
const setupType = z.string().trim().min(1).max(64);
const notes = z.string().max(10_000);
const money = z.number().min(-1e12).max(1e12);

/** Body of POST /api/trades. Cross-field rules (stop/target side, exit after entry) are in core's trade rules. */
export const tradeCreateSchema = z
  .strictObject({
    instrument,
    direction: directionSchema,
    entryPrice: positiveNumber,
    positionSize: positiveNumber,
    entryTime: dateTimeInput,
    stopLoss: positiveNumber.optional(),
    takeProfit: positiveNumber.optional(),
    setupType: setupType.optional(),
    notes: notes.optional(),
    tags: tagList(20).optional(),
    fees: z.number().min(0).max(1e12).optional(),
    multiplier: positiveNumber.optional(),
    exitPrice: positiveNumber.optional(),
    exitTime: dateTimeInput.optional(),
    result: money.optional(),
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
    entryPrice: positiveNumber.optional(),
    positionSize: positiveNumber.optional(),
    entryTime: dateTimeInput.optional(),
    stopLoss: positiveNumber.nullable().optional(),
    takeProfit: positiveNumber.nullable().optional(),
    setupType: setupType.nullable().optional(),
    notes: notes.nullable().optional(),
    tags: tagList(20).nullable().optional(),
    fees: z.number().min(0).max(1e12).nullable().optional(),
    multiplier: positiveNumber.nullable().optional(),
    exitPrice: positiveNumber.nullable().optional(),
    exitTime: dateTimeInput.nullable().optional(),
    result: money.nullable().optional(),
  })
  .meta({ id: 'TradeUpdate' });

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
    rMultiple: z.number().nullable(),
    status: tradeStatusSchema,
    createdAt: dateTimeOutput,
    updatedAt: dateTimeOutput,
  })
  .meta({ id: 'Trade' });

/** Filters shared by the trade list and the statistics. */
export const tradeFilterQuery = {
  instrument: z.string().trim().min(1).max(64).optional(),
  dateFrom: dateFilter.optional(),
  dateTo: dateFilter.optional(),
  status: z.enum(['open', 'closed', 'all']).optional(),
};

/** Query of GET /api/trades. */
export const tradeListQuerySchema = z.strictObject({ ...paginationQuery, ...tradeFilterQuery });

/** Query of GET /api/trades/statistics: the list's filters, plus `tz` as every analytics call takes (figures do not depend on it). */
export const tradeStatisticsQuerySchema = z.strictObject({ ...tradeFilterQuery, tz: timeZone.default('UTC') });

/** Response of GET /api/trades. */
export const tradeListSchema = z.object({ trades: z.array(tradeSchema), pagination: paginationSchema }).meta({ id: 'TradeList' });

/** Input of POST /api/trades (before defaults). */
export type TradeCreateInput = z.input<typeof tradeCreateSchema>;
/** Validated create body. */
export type TradeCreate = z.output<typeof tradeCreateSchema>;
/** Validated update body. */
export type TradeUpdate = z.output<typeof tradeUpdateSchema>;
/** Trade record. */
export type Trade = z.infer<typeof tradeSchema>;
/** Validated list query. */
export type TradeListQuery = z.output<typeof tradeListQuerySchema>;
/** Validated trade filter. */
export type TradeFilter = Omit<z.output<typeof tradeStatisticsQuerySchema>, 'tz'>;
