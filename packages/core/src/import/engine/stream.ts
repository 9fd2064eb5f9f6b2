import type { CorporateActionItem } from '../formats/corporate-action-record.js';
import type { Fill } from '../formats/own/fills-csv.js';
import type { ImportItem } from '../formats/trade-input.js';

/** What flows from the readers to the matching: fills, whole trades, and corporate actions. */
export type StreamItem = Fill | ImportItem | CorporateActionItem;

/** True for an item that is not a fill (a whole trade, or a corporate action): it passes the fill stages through. */
export function isPassThrough(item: StreamItem): item is ImportItem | CorporateActionItem {
  return 'input' in item || 'corporateAction' in item;
}
