import { z } from 'zod';
import { dateTimeOutput, MAX_MULTIPLIER, quantity, textInput } from './common.js';
import { assetClassSchema } from './trade.js';

const column = (description: string) => textInput(128, { min: 1 }).meta({ description });

/** The name of a saved mapping profile: lower-case words and dashes, like a format name. */
export const profileNameSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*$/, { message: 'use lower-case letters, digits and dashes (e.g. my-broker)' })
  .max(64)
  .meta({ description: 'Lower-case letters, digits and dashes; a saved profile is a format of its user’s imports' });

/** Which of the file's columns holds each of our fields. */
export const profileColumnsSchema = z
  .strictObject({
    time: column('The execution time (or the time of day, with `date`)'),
    symbol: column('The instrument'),
    side: column('buy/sell (B/S, BOT/SLD, …); when absent, the sign of the quantity tells it').optional(),
    quantity: column('The quantity (signed when there is no side column)'),
    price: column('The execution price'),
    commission: column('Commission (negative or positive: counted as a cost)').optional(),
    fees: column('Other fees (counted as a cost)').optional(),
    account: column('The account').optional(),
    execId: column('The broker’s execution id (deduplicates overlapping exports)').optional(),
    date: column('The date, when the time column holds only the time of day').optional(),
  })
  .meta({ id: 'ImportProfileColumns', description: 'Our field → the file’s column name' });

const profileFields = {
  columns: profileColumnsSchema,
  datePattern: textInput(64, { min: 1 }).optional().meta({
    description: 'How times are written (M/d/yyyy h:mm:ss a, dd.MM.yyyy HH:mm, …); ISO and US forms are read without it',
  }),
  locale: z.enum(['us', 'eu']).optional().meta({ description: 'Numbers as 1,234.50 (us, default) or 1.234,50 (eu)' }),
  assetClass: assetClassSchema.optional(),
  multiplier: quantity(MAX_MULTIPLIER, 'Contract multiplier of every row (default 1)').optional(),
};

/** A column mapping: how to read a CSV no built-in format knows (`tj import --map`, POST /api/imports `map`). */
export const mappingProfileSchema = z
  .strictObject({ name: profileNameSchema.optional(), ...profileFields })
  .meta({ id: 'ImportMapping' });

/** A column mapping. */
export type MappingProfile = z.output<typeof mappingProfileSchema>;
/** A column mapping as sent (`imports.create`'s `map`, a saved profile's body). */
export type MappingProfileInput = z.input<typeof mappingProfileSchema>;

/** Body of PUT /api/imports/profiles/{name}: the mapping (its name is the path's). */
export const importProfileInputSchema = z.strictObject(profileFields).meta({ id: 'ImportProfileInput' });
/** Input of PUT /api/imports/profiles/{name}. */
export type ImportProfileInput = z.input<typeof importProfileInputSchema>;

/** A saved mapping profile. */
export const importProfileSchema = z
  .strictObject({ name: profileNameSchema, ...profileFields, createdAt: dateTimeOutput, updatedAt: dateTimeOutput })
  .meta({ id: 'ImportProfile' });

/** A saved mapping profile as answered. */
export type ImportProfile = z.output<typeof importProfileSchema>;

/** Response of GET /api/imports/profiles: by name. */
export const importProfileListSchema = z.object({ profiles: z.array(importProfileSchema) }).meta({ id: 'ImportProfileList' });

/** The user's saved mapping profiles. */
export type ImportProfileList = z.output<typeof importProfileListSchema>;
