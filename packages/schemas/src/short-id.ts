// No zod here: the SDK takes these from `@tj/schemas/short-id` without the schemas.

/**
 * Short ids: an id people can type. A record's short id is the last {@link SHORT_ID_LENGTH}
 * hexadecimal digits of its id, which are random in our UUID v7 ids (the first digits are the
 * creation time, shared by every trade of one import). Derived, so it never changes; accepted
 * wherever an id is (API paths, SDK, every CLI command), beside the full id.
 */

/** How many of an id's last hexadecimal digits make its short id (40 random bits). */
export const SHORT_ID_LENGTH = 10;

const SHORT_ID = new RegExp(`^[0-9a-f]{${SHORT_ID_LENGTH}}$`, 'i');
const FULL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The short id of a record's id: its last 10 hexadecimal digits, lower case.
 *
 * @example shortId('0193ab4f-1c2a-7a3f-8e21-5b0c9d3f7a61') // '0c9d3f7a61'
 */
export function shortId(id: string): string {
  return id.slice(-SHORT_ID_LENGTH).toLowerCase();
}

/** True when `text` has the form of a short id (10 hexadecimal digits, any case). */
export function isShortId(text: string): boolean {
  return SHORT_ID.test(text);
}

/** True when `text` has the form of a full id (a UUID, any case). */
export function isFullId(text: string): boolean {
  return FULL_ID.test(text);
}
