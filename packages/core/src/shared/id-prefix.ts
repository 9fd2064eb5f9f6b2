/** Ids people type: the range an id prefix covers (lists take `idPrefix`), and short ids. */

// Both are validators the schemas use, so they live in @tj/schemas; `@tj/core/ids` keeps offering them.
export { idPrefixRange, isFullId, isShortId, SHORT_ID_LENGTH, shortId } from '@tj/schemas';
