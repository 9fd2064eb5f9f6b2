import { CoreError, type systemOperations } from '@tj/core';
import { type HandlersOf, ok } from './route.js';

/** Health probe and the OpenAPI document (both public). */
export function systemHandlers(openApiDocument: () => Record<string, unknown>): HandlersOf<typeof systemOperations> {
  return {
    health: async ({ core }) => {
      const up = await core.ping().catch(() => false);
      if (!up) throw new CoreError('unavailable', 'the database does not answer');
      return ok({ status: 'ok' as const });
    },
    openapi: async () => ok(openApiDocument()),
  };
}
