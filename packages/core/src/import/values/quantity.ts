/** Quantities are matched as integers of 1e-8 units, so 0.1 + 0.2 closes 0.3 exactly. */
export const QUANTITY_SCALE = 1e8;

/** Largest quantity matched exactly (1e-8 resolution within a safe integer). */
export const MAX_FILL_QUANTITY = Math.floor(Number.MAX_SAFE_INTEGER / QUANTITY_SCALE);
