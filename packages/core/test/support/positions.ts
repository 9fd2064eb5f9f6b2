import { type Core, coreDeps, newTradeRow, type Storage, type TradeRow, toMicros, tradeCreateSchema } from '@tj/core/internal';

/** A position as the import engine books it: a long trade, open or closed, with partial exits. */
export interface PositionSpec {
  instrument: string;
  account?: string;
  tags?: string[];
  setupType?: string;
  /** Entry time, ISO. */
  entry: string;
  /** Exit time and whole result (partial exits included), for a closed trade. */
  exit?: string;
  result?: number;
  /** The partial exits: [time ISO, P&L booked then]. */
  partials?: Array<[string, number]>;
}

/** The trade row of a position: its partial exits, and realizedMicros = their sum. */
export function positionRow(core: Core, userId: string, spec: PositionSpec): TradeRow {
  const body = tradeCreateSchema.parse({
    instrument: spec.instrument,
    direction: 'long',
    entryPrice: 100,
    positionSize: 3,
    entryTime: spec.entry,
    ...(spec.account !== undefined && { account: spec.account }),
    ...(spec.tags !== undefined && { tags: spec.tags }),
    ...(spec.setupType !== undefined && { setupType: spec.setupType }),
    ...(spec.exit !== undefined && { exitPrice: 101, exitTime: spec.exit, result: spec.result }),
  });
  const partialExits = (spec.partials ?? []).map(([time, pnl]) => ({ time: Date.parse(time), pnlMicros: toMicros(pnl) }));
  return {
    ...newTradeRow(coreDeps(core), userId, body),
    partialExits,
    realizedMicros: partialExits.reduce((sum, p) => sum + p.pnlMicros, 0),
  };
}

/** Writes positions through the real trade repository, in one transaction; answers their rows. */
export async function writePositions(core: Core, storage: Storage, userId: string, specs: PositionSpec[]): Promise<TradeRow[]> {
  const rows = specs.map((s) => positionRow(core, userId, s));
  await storage.transaction((tx) => tx.trades.insertMany(rows));
  return rows;
}
