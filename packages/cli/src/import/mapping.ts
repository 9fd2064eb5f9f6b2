/** `tj import --map`: a column mapping (a JSON file, or inline pairs) as core's mapped format. */
import { readFile } from 'node:fs/promises';
import type { CoreDeps, ImportFormatInfo, Imports } from '@tj/core';
import { CliError, fileError } from '../errors.js';

/** An import service that knows the mapped format, and that format's description. */
export interface MappedImports {
  service: Imports;
  format: ImportFormatInfo;
}

/** True when `--map` names a file rather than giving pairs (`.json`, or no `=` in it). */
function isFile(mapping: string): boolean {
  return /\.json$/i.test(mapping.trim()) || !mapping.includes('=');
}

async function profileFile(path: string): Promise<unknown> {
  const text = await readFile(path, 'utf8').catch((e: unknown) => Promise.reject(fileError(e, path)));
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new CliError(`--map: ${path} is not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
}

/**
 * Builds the mapped format from `--map` (and `--date-pattern`, which wins over the file's) and
 * an import service over core's deps that reads with it.
 */
export async function mappedImports(mapping: string, datePattern: string | undefined, deps: CoreDeps): Promise<MappedImports> {
  const core = await import('@tj/core');
  const raw = isFile(mapping) ? await profileFile(mapping) : { columns: {} };
  const withPattern = datePattern === undefined || typeof raw !== 'object' || raw === null ? raw : { ...raw, datePattern };
  let profile: ReturnType<typeof core.checkMappingProfile>;
  try {
    const columns = isFile(mapping) ? undefined : core.parseColumnMap(mapping);
    profile = core.checkMappingProfile(columns === undefined ? withPattern : { ...(withPattern as object), columns });
  } catch (e) {
    const errors = (e as { errors?: Array<{ path: string; message: string }> }).errors ?? [];
    const where = isFile(mapping) ? ` ${mapping}:` : '';
    const words = errors.map((f) => (f.path === 'map' ? f.message : `${f.path}: ${f.message}`));
    throw new CliError(`--map:${where} ${words.join('; ')}`);
  }
  const format = core.mappedFormat(profile);
  return { service: core.imports(deps, core.formatRegistry([format])), format: core.formatInfo(format) };
}
