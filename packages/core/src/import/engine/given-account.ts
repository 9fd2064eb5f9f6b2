/** The `account` option of an import: the account of a file without one (see docs/decisions.md). */
import { CoreError, ErrorCode } from '../../shared/errors.js';
import type { TradeRecord } from '../formats/types.js';

/**
 * The account a row takes from the `account` option: the given one for a row without its own (or
 * naming the same); undefined when none is given. A row naming another account fails the import:
 * the option is for files without accounts, and neither overriding nor ignoring the file's is safe.
 */
export function givenAccount(own: string | undefined, line: number, given: string | undefined): string | undefined {
  if (given === undefined) return undefined;
  if (own === undefined || own === '' || own === given) return given;
  throw new CoreError(
    ErrorCode.validationFailed,
    `line ${line} names its own account "${own}"; the account option (tj import --account) is for files without one: leave it out to keep the file's accounts`,
  );
}

/** A whole trade under the given account: its input takes it, and its import key too (the same file into another account is not a duplicate). */
export function withGivenAccount(record: TradeRecord, given: string | undefined): Pick<TradeRecord, 'importKey' | 'input'> {
  const account = givenAccount(record.input.account, record.line, given);
  if (account === undefined || record.input.account === account) return record;
  return { importKey: `${record.importKey}|account:${account}`, input: { ...record.input, account } };
}
