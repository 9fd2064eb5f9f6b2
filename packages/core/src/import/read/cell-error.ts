import { type CoreError, type FieldError, validationError } from '../../shared/errors.js';

/** A field error located in a CSV file: `line 12, column price`. */
export function cellIssue(line: number, column: string, message: string): FieldError {
  return { path: `line ${line}, column ${column}`, message };
}

/** A `validation_failed` error for one CSV cell; its message names line and column. */
export function cellError(line: number, column: string, message: string): CoreError {
  return validationError([cellIssue(line, column, message)]);
}

/** A `validation_failed` error for a whole CSV line (no single column to blame). */
export function lineError(line: number, message: string): CoreError {
  return validationError([{ path: `line ${line}`, message }]);
}
