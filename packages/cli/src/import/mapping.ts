/** `tj import --map`: a column mapping from a JSON file or inline pairs, read by the API. */
import { readFile } from 'node:fs/promises';
import type { MappingProfile } from '@tj/core';
import { CliError, type ErrorLike, fieldErrorsOf, fileError } from '../errors.js';
import { AS_WRITTEN, type FieldWording, fieldErrorsInWords } from '../output/field-words.js';

/** The mapping's errors as core words them; one about the whole mapping (path `map`) is its message alone. */
const MAPPING_WORDING: FieldWording = { ...AS_WRITTEN, field: (path) => (path === 'map' ? '' : path) };

/** True when `--map` names a file rather than giving pairs (`.json`, or no `=` in it). */
function isFile(mapping: string): boolean {
  return /\.json$/i.test(mapping.trim()) || !mapping.includes('=');
}

/**
 * The text of the mapping `--map` gives, as the API reads it (`map`): a JSON file's contents, or
 * the `field=Column` pairs as written. The server parses it, once; a file that is not JSON is
 * refused here, before anything is sent.
 *
 * @example await mappingText('blotter-map.json') // '{"columns":{…}}'
 */
export async function mappingText(mapping: string): Promise<string> {
  if (!isFile(mapping)) return mapping;
  const text = await readFile(mapping, 'utf8').catch((e: unknown) => Promise.reject(fileError(e, mapping)));
  if (!text.trim().startsWith('{')) throw new CliError(`--map: ${mapping} is not JSON (a mapping file holds one object)`);
  return text;
}

/** True when a field error is about the mapping itself (its text, its columns, its date pattern). */
const isMappingError = (path: string): boolean => path === 'map' || path.startsWith('columns.') || path === 'datePattern';

/**
 * The API's refusal of the mapping `--map` gave, as one line naming its bad parts (`--map: unknown
 * field "tme"; …`, with the file's name when it came from one); anything else is left.
 */
export function refusedMapping(e: unknown, mapping: string): void {
  const fields = fieldErrorsOf(e as ErrorLike);
  if (fields === undefined || !fields.every((f) => isMappingError(f.path))) return;
  throw new CliError(`--map:${isFile(mapping) ? ` ${mapping}:` : ''} ${fieldErrorsInWords(fields, MAPPING_WORDING)}`);
}

/**
 * The mapping `--map` gave, read as the server read it, for `--save-profile` after the import (a
 * profile is saved as an object).
 *
 * @example await readMapping('time=Exec Time,symbol=Symbol,side=Side,quantity=Qty,price=Price', 'M/d/yyyy H:mm:ss')
 */
export async function readMapping(mapping: string, datePattern: string | undefined): Promise<MappingProfile> {
  const { mappingFromText } = await import('@tj/core');
  return mappingFromText(await mappingText(mapping), datePattern);
}
