/**
 * What a person can do about an error, in no client's words: core states it, the HTTP API words it
 * as its endpoints and parameters (and lists it in the problem's `advice`), the CLI as its commands
 * and flags. So an SDK user never reads a flag, and a CLI user never reads a query parameter.
 */
import { z } from 'zod';

/** One thing to do about an error (call an operation, or send the failed request again with a parameter). */
export const adviceSchema = z
  .object({
    action: z.string().meta({ description: 'What it achieves, in plain words: "force a format", "see the formats"' }),
    operation: z.string().optional().meta({ description: 'The operation (its operationId) that does it: listImportFormats' }),
    parameter: z.string().optional().meta({ description: 'The parameter of the failed request that does it: format' }),
    value: z.string().optional().meta({ description: 'The value to give that parameter, or a placeholder in capitals: NAME' }),
  })
  .meta({ id: 'Advice' });

/** One thing to do about an error. */
export type Advice = z.output<typeof adviceSchema>;
