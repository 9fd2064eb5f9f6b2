/**
 * Rough edges of the API a newcomer hit (issue 30), through the SDK against a real server: what a
 * refused registration says, and advice worded for an SDK user (parameters, never CLI flags).
 */
import { describe, expect, it } from 'vitest';
import { TjApiError } from '../src/index.js';
import { DATABASES } from '../../../test/support/databases.js';
import { PASSWORD, useServer } from './support/server.js';

/** The TjApiError `promise` rejects with. */
async function refusal(promise: Promise<unknown>): Promise<TjApiError> {
  const e = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(e).toBeInstanceOf(TjApiError);
  return e as TjApiError;
}

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`the API's rough edges through the SDK on ${db.name} (issue 30)`, () => {
    describe('with registration open', () => {
      const server = useServer(db, { openRegistration: true });

      it('refuses an email that is registered already naming the field email and saying what to do', async () => {
        const { email } = await server().createUser('Bea');
        const e = await refusal(server().client().auth.register({ email, name: 'Bea again', password: PASSWORD }));
        expect(e.status).toBe(409);
        expect(e.code).toBe('conflict');
        expect(e.fieldErrors).toEqual([{ path: 'email', message: 'is already registered' }]);
        expect(e.problem?.detail).toBe('an account with this email already exists: log in with it, or use another email');
      });

      it('words a file no format knows with the API’s parameters, and gives the advice as data', async () => {
        const { client } = await server().loggedIn();
        const e = await refusal(client.imports.create('When,What,HowMany\n2026-01-05,ES,1\n', { fileName: 'other.csv' }));
        expect(e.problem?.detail).toMatch(/^other\.csv: not a format tj knows /);
        expect(e.code).toBe('validation_failed');
        expect(e.message).toContain('force one with the format parameter (format=NAME)');
        expect(e.message).toContain('see the formats with GET /api/imports/formats');
        expect(e.message).not.toMatch(/--[a-z]|tj import/);
        expect(e.problem?.advice?.map((a) => a.parameter ?? a.operation)).toEqual(['listImportFormats', 'format', 'map']);
        // The advice works: forcing a format by the parameter it names gets past detection.
        const forced = await refusal(
          client.imports.create('When,What,HowMany\n2026-01-05,ES,1\n', { format: 'tradovate-fills' }),
        );
        expect(forced.message).not.toContain('not a format tj knows');
      });
    });

    describe('with registration closed (the default of tj serve)', () => {
      const server = useServer(db);

      it('answers 403 registration_closed saying how registration opens', async () => {
        const e = await refusal(server().client().auth.register({ email: 'cid@example.com', name: 'Cid', password: PASSWORD }));
        expect(e.status).toBe(403);
        expect(e.code).toBe('registration_closed');
        expect(e.problem?.detail).toBe(
          'registration is closed on this server; its operator can open it (tj serve --open-registration, or TJ_OPEN_REGISTRATION=true) or create your account (tj user create)',
        );
      });
    });
  });
}
