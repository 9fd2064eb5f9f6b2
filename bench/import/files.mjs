// The import bench's files: deterministic fills, oldest first, in two layouts: our fills CSV and
// a Tradovate Fills export.
//
//   await writeFills(path, layout, count, seed)     layout: 'fills' | 'tradovate'

import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { seededRandom } from '../lib/trades.mjs';

const BASE = { ES: 5000, NQ: 18000, CL: 80, GC: 2000, AAPL: 190, MSFT: 420, TSLA: 250, SPY: 500, EURUSD: 1.08, BTCUSD: 60000 };
/** Tradovate contracts (catalogued roots) and their starting prices. */
const FUTURES = { ESZ6: 5000, NQZ6: 18000, MESZ6: 5000, MNQZ6: 18000, CLZ6: 80, GCZ6: 2000, YMZ6: 39000, RTYZ6: 2100 };

/** Deterministic fills, oldest first: round trips per symbol, with some scale-ins and partial exits. */
function* fills(count, seed, base) {
  const symbols = Object.keys(base);
  const rnd = seededRandom(seed);
  const price = { ...base };
  const open = new Map();
  let t = Date.UTC(2020, 0, 2, 14, 30);
  for (let n = 1; n <= count; n++) {
    const sym = symbols[Math.floor(rnd() * symbols.length)];
    t += 1000 + Math.floor(rnd() * 30_000);
    price[sym] *= 1 + (rnd() - 0.5) * 0.004;
    const pos = open.get(sym);
    let side;
    let qty;
    if (!pos) {
      side = rnd() < 0.6 ? 'buy' : 'sell';
      qty = 1 + Math.floor(rnd() * 10);
      open.set(sym, { side, qty });
    } else if (rnd() < 0.1) {
      side = pos.side;
      qty = 1 + Math.floor(rnd() * 5);
      pos.qty += qty;
    } else {
      side = pos.side === 'buy' ? 'sell' : 'buy';
      qty = pos.qty > 1 && rnd() < 0.25 ? Math.ceil(pos.qty / 2) : pos.qty;
      pos.qty -= qty;
      if (pos.qty === 0) open.delete(sym);
    }
    yield { n, t, sym, side, qty, price: price[sym] };
  }
}

/** The two file layouts: our fills CSV and Tradovate's Fills export (prices on the tick, UTC `_timestamp`). */
const LAYOUTS = {
  fills: {
    header: 'datetime,symbol,side,quantity,price,commission,exec_id\n',
    base: BASE,
    line: (f) =>
      `${new Date(f.t).toISOString()},${f.sym},${f.side},${f.qty},${f.price.toFixed(f.price < 10 ? 5 : 2)},${(f.qty * 0.35).toFixed(2)},E${f.n}\n`,
  },
  tradovate: {
    header: '_id,_orderId,_contractId,_timestamp,_tradeDate,_action,_qty,_price,Account,Contract,Product,commission\n',
    base: FUTURES,
    line: (f) => {
      const iso = new Date(f.t).toISOString();
      const price = (Math.round(f.price * 4) / 4).toFixed(2);
      return `${f.n},${f.n},1,${iso},${iso.slice(0, 10)},${f.side === 'buy' ? 0 : 1},${f.qty},${price},DEMO1,${f.sym},${f.sym.slice(0, -2)},${(f.qty * 0.62).toFixed(2)}\n`;
    },
  },
};

/** Writes `count` fills in `layout` to `path`. */
export async function writeFills(path, layout, count, seed) {
  const { header, base, line } = LAYOUTS[layout];
  const out = createWriteStream(path);
  out.write(header);
  let chunk = '';
  for (const f of fills(count, seed, base)) {
    const text = line(f);
    chunk += text;
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}
