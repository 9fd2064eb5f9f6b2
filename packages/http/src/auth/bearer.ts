/** The token of an `Authorization: Bearer <token>` header; undefined when absent or another scheme. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header || header.length < 8) return undefined;
  if (header.slice(0, 7).toLowerCase() !== 'bearer ') return undefined;
  const token = header.slice(7).trim();
  return token.length > 0 ? token : undefined;
}
