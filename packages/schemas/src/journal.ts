import { z } from 'zod';
import {
  calendarDate,
  dateTimeOutput,
  idPrefixSchema,
  idSchema,
  paginationQuery,
  paginationSchema,
  tagList,
  textInput,
} from './common.js';

/** Journal entry period type. */
export const journalTypeSchema = z.enum(['daily', 'weekly', 'monthly']);

const text = textInput(20_000);
const score = z.number().int().min(1).max(10);

/** Emotional state scores, integers 1–10, each optional. */
export const emotionalStateSchema = z
  .strictObject({
    energy: score.optional(),
    focus: score.optional(),
    stress: score.optional(),
    confidence: score.optional(),
  })
  .meta({ id: 'EmotionalState' });

const lessons = z.array(textInput(500)).max(50);

/** Body of POST /api/journal. */
export const journalCreateSchema = z
  .strictObject({
    date: calendarDate,
    type: journalTypeSchema.default('daily'),
    premarketAnalysis: text.optional(),
    tradingPlan: text.optional(),
    postmarketReview: text.optional(),
    emotionalState: emotionalStateSchema.optional(),
    lessonsLearned: lessons.optional(),
    tags: tagList(20).optional(),
  })
  .meta({ id: 'JournalEntryCreate' });

/** Body of PATCH /api/journal/{id}: partial; emotionalState keys merge (null clears one), arrays replace. */
export const journalUpdateSchema = z
  .strictObject({
    date: calendarDate.optional(),
    type: journalTypeSchema.optional(),
    premarketAnalysis: text.nullable().optional(),
    tradingPlan: text.nullable().optional(),
    postmarketReview: text.nullable().optional(),
    emotionalState: z
      .strictObject({
        energy: score.nullable().optional(),
        focus: score.nullable().optional(),
        stress: score.nullable().optional(),
        confidence: score.nullable().optional(),
      })
      .nullable()
      .optional(),
    lessonsLearned: lessons.nullable().optional(),
    tags: tagList(20).nullable().optional(),
  })
  .meta({ id: 'JournalEntryUpdate' });

/** A journal entry as returned. */
export const journalEntrySchema = z
  .object({
    id: idSchema,
    date: calendarDate,
    type: journalTypeSchema,
    premarketAnalysis: z.string().nullable(),
    tradingPlan: z.string().nullable(),
    postmarketReview: z.string().nullable(),
    emotionalState: z.object({
      energy: z.number().int().nullable(),
      focus: z.number().int().nullable(),
      stress: z.number().int().nullable(),
      confidence: z.number().int().nullable(),
    }),
    lessonsLearned: z.array(z.string()),
    tags: z.array(z.string()),
    createdAt: dateTimeOutput,
    updatedAt: dateTimeOutput,
  })
  .meta({ id: 'JournalEntry' });

/** Query of GET /api/journal. */
export const journalListQuerySchema = z.strictObject({
  ...paginationQuery,
  dateFrom: calendarDate.optional(),
  dateTo: calendarDate.optional(),
  type: journalTypeSchema.optional(),
  idPrefix: idPrefixSchema.optional(),
});

/** Response of GET /api/journal. */
export const journalListSchema = z
  .object({ entries: z.array(journalEntrySchema), pagination: paginationSchema })
  .meta({ id: 'JournalEntryList' });

/** Validated create body. */
export type JournalCreate = z.output<typeof journalCreateSchema>;
/** Input of journal create (before defaults). */
export type JournalCreateInput = z.input<typeof journalCreateSchema>;
/** Validated update body. */
export type JournalUpdate = z.output<typeof journalUpdateSchema>;
/** Input of a journal update (emotionalState keys merge, arrays replace, `null` clears). */
export type JournalUpdateInput = z.input<typeof journalUpdateSchema>;
/** Journal entry record. */
export type JournalEntry = z.output<typeof journalEntrySchema>;
/** A page of journal entries (GET /api/journal). */
export type JournalList = z.output<typeof journalListSchema>;
/** Validated journal list query. */
export type JournalListQuery = z.output<typeof journalListQuerySchema>;
