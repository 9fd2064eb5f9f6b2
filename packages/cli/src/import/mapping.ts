/** `tj import --map`: a column mapping from a JSON file or inline pairs, checked by core. */
import { readFile } from 'node:fs/promises';
import type { MappingProfile } from '@tj/core';
import { CliError, fileError } from '../errors.js';
import { AS_WRITTEN, type FieldWording, fieldErrorsInWords } from '../output/field-words.js';

/** The mapping's errors as core words them; one about the whole mapping (path `map`) is its message alone. */
const MAPPING_WORDING: FieldWording = { ...AS_WRITTEN, field: (path) => (path === 'map' ? '' : path) };

/** True when `--map` names a file rather than giving pairs (`.json`, or no `=` in it). */
function isFile(mapping: string): boolean {
  return /\.json$/i.test(mapping.trim()) || !mapping.includes('=');
}

/**
 * The mapping `--map` gives (a JSON file's profile, or `field=Column` pairs), with `--date-pattern`
 * winning over the file's; a bad mapping is a one-line error naming its bad parts.
 *
 * @example await readMapping('time=Exec Time,symbol=Symbol,side=Side,quantity=Qty,price=Price', 'M/d/yyyy H:mm:ss')
 */
export async function readMapping(mapping: string, datePattern: string | undefined): Promise<MappingProfile> {
  const file = isFile(mapping);
  const text = file ? await readFile(mapping, 'utf8').catch((e: unknown) => Promise.reject(fileError(e, mapping))) : mapping;
  const { mappingFromText } = await import('@tj/core');
  try {
    if (file && !text.trim().startsWith('{'))
      throw new CliError(`--map: ${mapping} is not JSON (a mapping file holds one object)`);
    return mappingFromText(text, datePattern);
  } catch (e) {
    if (e instanceof CliError) throw e;
    const errors = (e as { errors?: Array<{ path: string; message: string }> }).errors ?? [];
    const words = errors.length > 0 ? fieldErrorsInWords(errors, MAPPING_WORDING) : String(e);
    throw new CliError(`--map:${file ? ` ${mapping}:` : ''} ${words}`);
  }
}
