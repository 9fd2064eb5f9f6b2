import { fromMicros, toMicros } from '../../../shared/money.js';
import type { HeaderRow } from '../../read/csv-records.js';
import { defineFormat } from '../registry.js';
import type { BrokerRecord } from '../types.js';
import { amountCell, optionalAmountCell, priceCell, quantityCell, requiredText, sideCell } from '../parts/cells.js';
import { type ColumnNames, headedRows, headerDetect, translatedIndex } from '../parts/header-rows.js';
import { localeOfRows, type NinjaLocale, ninjaInstrument, ninjaTimeCell } from '../parts/ninjatrader-values.js';
import { type Pair, pairFills } from '../parts/paired-fills.js';

/**
 * The Trades grid's columns under their English names, with the other spellings read as them:
 * older English exports and German. Add a language by adding its names here.
 */
export const NINJATRADER_TRADE_COLUMNS: ColumnNames = {
  'Trade number': ['Trade #', 'Trade-Nummer'],
  Instrument: ['Instrument'],
  Account: ['Konto'],
  Strategy: ['Strategie'],
  'Market pos.': ['Market position', 'Marktposition', 'Marktpos.'],
  Qty: ['Quantity', 'Menge'],
  'Entry price': ['Einstiegspreis'],
  'Exit price': ['Ausstiegspreis'],
  'Entry time': ['Einstiegszeit'],
  'Exit time': ['Ausstiegszeit'],
  'Entry name': ['Einstiegsname'],
  'Exit name': ['Ausstiegsname'],
  Profit: ['Gewinn'],
  'Cum. net profit': ['Cum. profit', 'Kum. Nettogewinn', 'Kum. Gewinn'],
  Commission: ['Kommission'],
  'Clearing Fee': ['Clearing-Gebühr', 'Clearinggebühr'],
  'Exchange Fee': ['Börsengebühr'],
  'IP Fee': ['IP-Gebühr'],
  'NFA Fee': ['NFA-Gebühr'],
};
const FEES = ['Clearing Fee', 'Exchange Fee', 'IP Fee', 'NFA Fee'] as const;
const REQUIRED = ['Instrument', 'Market pos.', 'Qty', 'Entry price', 'Exit price', 'Entry time', 'Exit time', 'Profit'] as const;
const NUMBERS = ['Entry price', 'Exit price', 'Profit', 'Commission'];
const indexOf = translatedIndex(NINJATRADER_TRADE_COLUMNS);

function pairOf(row: HeaderRow, locale: NinjaLocale): Pair {
  const n = locale.numbers;
  const side = sideCell(row, 'Market pos.', 'Long or Short');
  const symbol = requiredText(row, 'Instrument');
  const fees = FEES.reduce((sum, c) => sum + Math.abs(toMicros(optionalAmountCell(row, c, 0, n))), 0);
  const pair: Pair = {
    line: row.line,
    symbol,
    direction: side === 'buy' ? 'long' : 'short',
    quantity: quantityCell(row, 'Qty', n),
    entry: { time: { wall: ninjaTimeCell(row, 'Entry time', locale.dates) }, price: priceCell(row, 'Entry price', n) },
    exit: { time: { wall: ninjaTimeCell(row, 'Exit time', locale.dates) }, price: priceCell(row, 'Exit price', n) },
    commission: Math.abs(optionalAmountCell(row, 'Commission', 0, n)),
    fees: fromMicros(fees),
    brokerPnl: { amount: amountCell(row, 'Profit', n), basis: 'net' },
    hints: ninjaInstrument(symbol),
  };
  const account = row.get('Account');
  if (account !== '') pair.account = account;
  return pair;
}

/**
 * NinjaTrader 8's Trades grid export (Trade Performance → Trades → right-click → Export): one
 * row per FIFO pair with net Profit, Commission and four fee columns. Each pair becomes its entry
 * and exit fills, the pair's commission and fees (summed) and net Profit on the exit. Headers
 * may be translated ({@link NINJATRADER_TRADE_COLUMNS}); US and European number and date locales
 * are told apart from the file itself (see `inferNinjaLocale`). The grid has no fill ids, so
 * re-imports dedup by content.
 */
export const ninjaTraderTrades = defineFormat({
  name: 'ninjatrader-trades',
  broker: 'NinjaTrader 8',
  title: 'Trades (Trade Performance grid)',
  exportHint: 'Control Center → New → Trade Performance → Trades → right-click → Export (CSV)',
  reads: 'FIFO-paired trades with net Profit, commission and clearing/exchange/IP/NFA fees; English or German headers',
  timeRule: 'naive (Entry time/Exit time, in the platform time zone): read in --source-tz',
  sampleHeader:
    'Trade number;Instrument;Account;Strategy;Market pos.;Qty;Entry price;Exit price;Entry time;Exit time;Entry name;Exit name;Profit;Cum. net profit;Commission;Clearing Fee;Exchange Fee;IP Fee;NFA Fee;MAE;MFE;ETD;Bars;',
  requiredColumns: REQUIRED,
  order: 'unordered',
  detect: headerDetect(REQUIRED, Object.keys(NINJATRADER_TRADE_COLUMNS), indexOf),
  async *read(input, options) {
    let locale: NinjaLocale | undefined;
    const pairs: Pair[] = [];
    const out: BrokerRecord[] = [];
    for await (const rows of headedRows(input, indexOf)) {
      if (locale === undefined) {
        const inferred = localeOfRows(rows, { numbers: NUMBERS, times: ['Entry time', 'Exit time'] }, options);
        locale = inferred.locale;
        out.push(...inferred.warnings);
      }
      for (const row of rows) pairs.push(pairOf(row, locale));
    }
    yield [...pairFills(pairs), ...out];
  },
});
