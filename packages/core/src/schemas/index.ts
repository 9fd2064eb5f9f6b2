/** The API's zod schemas, which live in `@tj/schemas`; `@tj/core/schemas` re-exports them for embedders. */
export * from '@tj/schemas';
