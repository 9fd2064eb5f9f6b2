/**
 * Saved column mappings: `tj import --map … --save-profile NAME` (PUT /api/imports/profiles/{name})
 * keeps a mapping under a name, and from then on it is a format of that user's imports: detected by
 * its header like the built-in formats, or forced with `format: NAME`.
 */
import {
  type ImportProfile,
  type ImportProfileList,
  importProfileInputSchema,
  type MappingProfile,
  profileNameSchema,
} from '@tj/schemas';
import type { CoreDeps } from '../shared/deps.js';
import { CoreError, validationError } from '../shared/errors.js';
import { isoUtc } from '../shared/iso.js';
import { fieldErrors, parseInput } from '../shared/validate.js';
import type { ImportProfileRow } from '../storage/rows.js';
import { mappedFormat } from './formats/mapped-format.js';
import type { FormatRegistry } from './formats/registry.js';
import type { BrokerFormat } from './formats/types.js';

/** Most profiles a user keeps. */
export const MAX_IMPORT_PROFILES = 100;

function profileOf(row: ImportProfileRow): ImportProfile {
  const mapping = JSON.parse(row.profile) as Omit<MappingProfile, 'name'>;
  return { name: row.name, ...mapping, createdAt: isoUtc(row.createdAt), updatedAt: isoUtc(row.updatedAt) };
}

/** The mapping of a saved profile, as the mapped format reads it. */
function mappingOf(p: ImportProfile): MappingProfile {
  const { createdAt: _c, updatedAt: _u, ...mapping } = p;
  return mapping;
}

/** The saved-profile service bound to core's dependencies and the registry whose names profiles may not take. */
export function importProfiles(deps: CoreDeps, registry: FormatRegistry) {
  const repos = deps.storage.repos;
  const notFound = (name: string) => new CoreError('not_found', `no saved import profile named "${name}"`);
  /** A name no profile can have (bad characters, a NUL) is simply not found: it never reaches the database. */
  const known = (name: string) => profileNameSchema.safeParse(name).success;
  const checkedName = (name: string): string => {
    const checked = profileNameSchema.safeParse(name);
    if (!checked.success) throw validationError(fieldErrors(checked.error).map((e) => ({ path: 'name', message: e.message })));
    if (registry.list().some((f) => f.name === name)) {
      throw validationError([{ path: 'name', message: `"${name}" is the name of a built-in format: choose another` }]);
    }
    return name;
  };
  return {
    /** The user's saved profiles, by name. */
    async list(userId: string): Promise<ImportProfileList> {
      return { profiles: (await repos.importProfiles.list(userId)).map(profileOf) };
    },

    /** One saved profile (404 when there is none of that name). */
    async get(userId: string, name: string): Promise<ImportProfile> {
      const row = known(name) ? await repos.importProfiles.get(userId, name) : undefined;
      if (row === undefined) throw notFound(name);
      return profileOf(row);
    },

    /**
     * Saves a mapping under `name` (creating or replacing it); `created` tells which. A name of a
     * built-in format is refused, and a user keeps at most {@link MAX_IMPORT_PROFILES}.
     *
     * @example await core.imports.profiles.save(userId, 'my-broker', { columns: { time: 'Time', symbol: 'Symbol', quantity: 'Qty', price: 'Price' } });
     */
    async save(userId: string, name: string, input: unknown): Promise<{ profile: ImportProfile; created: boolean }> {
      checkedName(name);
      const mapping = parseInput(importProfileInputSchema, input);
      mappedFormat({ ...mapping, name });
      return deps.storage.transaction(async (tx) => {
        const existing = await tx.importProfiles.get(userId, name);
        if (existing === undefined && (await tx.importProfiles.list(userId)).length >= MAX_IMPORT_PROFILES) {
          throw new CoreError('conflict', `at most ${MAX_IMPORT_PROFILES} saved import profiles: delete one first`);
        }
        const at = deps.clock.now();
        const row: ImportProfileRow = {
          userId,
          name,
          profile: JSON.stringify(mapping),
          createdAt: existing?.createdAt ?? at,
          updatedAt: at,
        };
        await tx.importProfiles.put(row);
        return { profile: profileOf(row), created: existing === undefined };
      });
    },

    /** Deletes a saved profile (404 when there is none of that name); imports it read stay. */
    async remove(userId: string, name: string): Promise<void> {
      if (!known(name) || !(await repos.importProfiles.delete(userId, name))) throw notFound(name);
    },

    /** The user's saved profiles as formats (they take part in detection after the built-in ones). */
    async formats(userId: string): Promise<BrokerFormat[]> {
      const rows = await repos.importProfiles.list(userId);
      return rows.map((row) => mappedFormat(mappingOf(profileOf(row))));
    },
  };
}

/** The object `importProfiles` returns (`core.imports.profiles`). */
export type ImportProfiles = ReturnType<typeof importProfiles>;
