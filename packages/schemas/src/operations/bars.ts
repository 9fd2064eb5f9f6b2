import { barFetchOperations } from './bar-fetch.js';
import { barFileOperations } from './bar-files.js';
import type { OperationTable } from './spec.js';

/** Price bars: imported from files, fetched from providers, read around a trade (docs/api.md, "Bars"). */
export const barOperations = { ...barFileOperations, ...barFetchOperations } as const satisfies OperationTable;
