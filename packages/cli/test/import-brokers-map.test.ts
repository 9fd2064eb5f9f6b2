import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBrokerImport, fixture } from './support/broker-import.js';
import { run, runJson, runPty, type Sandbox, sandbox } from './support/cli.js';

type T = Record<string, any>;

describeBrokerImport('mappings, executions, own CSVs and progress', ({ freshDb, file, trades, box }) => {
  it('--map reads a CSV no format knows, from inline pairs or a mapping file, with a date pattern', async () => {
    const flags = await freshDb();
    const path = await file(
      'blotter.csv',
      'Blotter export\nExec Time,Symbol,Side,Qty,Price,Comm,Route\n3/2/2026 9:35:10,AAPL,B,100,150.25,1.00,ARCA\n3/2/2026 10:12:44,AAPL,S,100,152.10,1.00,ARCA\n',
    );
    const pairs = 'time=Exec Time,symbol=Symbol,side=Side,quantity=Qty,price=Price,commission=Comm';
    const inline = await run(box(), [
      ...flags,
      'import',
      path,
      '--map',
      pairs,
      '--date-pattern',
      'M/d/yyyy H:mm:ss',
      '--source-tz',
      'America/New_York',
    ]);
    expect(inline).toMatchObject({ code: 0, stderr: '' });
    // A title line, the header and 2 data rows: 2 rows.
    expect(inline.stdout.split('\n')[0]).toBe(
      'Format (--map): Mapped CSV from --map, 2 rows, times in America/New_York (--source-tz)',
    );
    // long 100 @ 150.25 → 152.10: 185 − 2 commission
    expect(await trades(flags)).toEqual([
      expect.objectContaining({ instrument: 'AAPL', entryTime: '2026-03-02T14:35:10.000Z', fees: 2, result: 183 }),
    ]);
    const profile = await file(
      'blotter.json',
      JSON.stringify({
        name: 'my-blotter',
        columns: { time: 'Exec Time', symbol: 'Symbol', side: 'Side', quantity: 'Qty', price: 'Price', commission: 'Comm' },
        datePattern: 'M/d/yyyy H:mm:ss',
      }),
    );
    const again = await runJson(box(), [...flags, 'import', path, '--map', profile, '--source-tz', 'America/New_York']);
    expect(again).toMatchObject({
      format: { name: 'my-blotter', label: 'Mapped CSV "my-blotter"' },
      counts: { tradesCreated: 0, duplicates: 2 },
    });

    const missing = await run(box(), [...flags, 'import', path, '--map', pairs.replace('symbol=Symbol', 'symbol=Ticker')]);
    expect(missing).toMatchObject({
      code: 1,
      stderr: 'tj: blotter.csv, line 2: the header lacks the mapped columns Ticker (nothing was imported)\n',
    });
    const unknown = await run(box(), [...flags, 'import', path, '--map', 'tme=Exec Time']);
    expect(unknown.stderr).toBe(
      'tj: --map: unknown field "tme"; fields: time, symbol, side, quantity, price, commission, fees, account, execId, date\n',
    );
    const incomplete = await file('incomplete.json', '{"columns":{"time":"Exec Time"}}');
    expect((await run(box(), [...flags, 'import', path, '--map', incomplete])).stderr).toBe(
      `tj: --map: ${incomplete}: columns.symbol: required; columns.quantity: required; columns.price: required\n`,
    );
    expect(await trades(flags)).toHaveLength(1);

    // Saved, the mapping reads the next file of these columns by itself; deleted, it no longer does.
    const saved = await run(box(), [...flags, 'import', path, '--map', profile, '--save-profile', 'blotter', '--dry-run']);
    expect(saved.stderr).toContain('Saved the mapping as "blotter"');
    const detected = await runJson(box(), [...flags, 'import', path, '--source-tz', 'America/New_York']);
    expect(detected).toMatchObject({ format: { name: 'blotter' }, counts: { tradesCreated: 0, duplicates: 2 } });
    expect((await run(box(), [...flags, 'imports', 'profiles', 'show', 'blotter'])).stdout).toMatch(
      /^blotter\n {2}time {8}Exec Time\n/,
    );
    expect(await runJson(box(), [...flags, 'imports', 'profiles', 'delete', 'blotter'])).toEqual({ deleted: 'blotter' });
    expect((await runJson(box(), [...flags, 'imports', 'profiles', 'list'])).profiles).toEqual([]);
    expect((await run(box(), [...flags, 'import', path])).stderr).toMatch(/^tj: blotter\.csv: not a format tj knows/);
    const noMap = await run(box(), [...flags, 'import', path, '--save-profile', 'x']);
    expect(noMap).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^tj: --save-profile saves the mapping given with --map/),
    });
  });

  it('tj trades show lists the executions an imported trade was built from', async () => {
    const flags = await freshDb();
    await run(box(), [...flags, 'import', fixture('tradovate-fills.csv')]);
    const es = (await trades(flags)).find((t) => t.instrument === 'ESZ6') as T;
    const shown = await run(box(), [...flags, 'trades', 'show', es.id]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('Executions (3)');
    expect(shown.stdout).toMatch(/2026-09-14 14:30 +│ buy +│ +2 │ +5,000\.25 │ +2\.58 │ +0\.00 │ 9001/);
    expect(shown.stdout).toMatch(/2026-09-14 14:40 +│ sell +│ +1 │ +5,001\.00 │ +1\.29 │ +0\.00 │ 9003/);
    const json = await runJson(box(), [...flags, 'trades', 'show', es.id]);
    expect(json.executions.map((e: T) => [e.side, e.quantity, e.price, e.execId])).toEqual([
      ['buy', 2, 5000.25, '9001'],
      ['sell', 1, 5003.5, '9002'],
      ['sell', 1, 5001, '9003'],
    ]);
    const byHand = await runJson(box(), [
      ...flags,
      'trades',
      'add',
      ...'--instrument AAPL --direction long --entry-price 1 --size 1'.split(' '),
    ]);
    expect((await run(box(), [...flags, 'trades', 'show', byHand.id])).stdout).not.toContain('Executions');
  });

  it('reads the naive times of our fills and trades CSVs in --source-tz, else --tz, as documented', async () => {
    const path = await file(
      'naive-fills.csv',
      'datetime,symbol,side,quantity,price\n2026-11-02 09:30:00,AAPL,buy,10,100\n2026-11-02 10:00:00,AAPL,sell,10,101\n',
    );
    const bySource = await freshDb();
    const r = await run(box(), [...bySource, 'import', path, '--source-tz', 'America/New_York']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('Detected: Trading journal Fills CSV, 2 rows, times in America/New_York (--source-tz)');
    // 09:30 EST = 14:30Z; 10 × (101 − 100)
    expect(await trades(bySource)).toMatchObject([
      { entryTime: '2026-11-02T14:30:00.000Z', exitTime: '2026-11-02T15:00:00.000Z', result: 10 },
    ]);

    const byTz = await freshDb();
    const json = await runJson(box(), [...byTz.slice(0, 2), '--tz', 'America/New_York', 'import', path]);
    expect(json.sourceTz).toBe('America/New_York');
    expect(await trades(byTz)).toMatchObject([{ entryTime: '2026-11-02T14:30:00.000Z', result: 10 }]);

    // Our trades CSV too: a naive entryTime in --source-tz (Tokyo, UTC+9), an exitTime with its offset.
    const tradesCsv = await file(
      'naive-trades.csv',
      'instrument,direction,entryPrice,positionSize,entryTime,exitPrice,exitTime\nNKD,long,100,2,2026-11-02 09:00,103,2026-11-02T01:30:00Z\n',
    );
    const t = await run(box(), [...bySource, 'import', tradesCsv, '--source-tz', 'Asia/Tokyo']);
    expect(t.code).toBe(0);
    expect((await trades(bySource)).find((x) => x.instrument === 'NKD')).toMatchObject({
      entryTime: '2026-11-02T00:00:00.000Z',
      exitTime: '2026-11-02T01:30:00.000Z',
      result: 6,
    });
  });

  it('shows a progress bar only on a terminal, and none with --no-progress', async () => {
    const flags = await freshDb();
    const shown = await runPty(box(), [...flags, 'import', fixture('tradovate-fills.csv'), '--dry-run']);
    expect(shown.code).toBe(0);
    expect(shown.text).toMatch(/Importing tradovate-fills\.csv {2}\[[█░]{24}\] +\d+% {2}\d+ rows {2}[\d,]+ rows\/s/);
    const hidden = await runPty(box(), [...flags, 'import', fixture('tradovate-fills.csv'), '--dry-run', '--no-progress']);
    expect(hidden.text).not.toContain('rows/s');
    const piped = await run(box(), [...flags, 'import', fixture('tradovate-fills.csv'), '--dry-run']);
    expect(piped.stderr).toBe('');
  });
});

describe('tj import --list-formats', () => {
  let box: Sandbox;
  beforeAll(async () => {
    box = await sandbox();
  });
  afterAll(() => box.cleanup());

  it('lists every format: its name, what it reads, the export to choose and a sample header', async () => {
    const r = await run(box, ['import', '--list-formats']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toContain('tradovate-fills  Tradovate Fills\n  reads:  executions with commissions');
    expect(r.stdout).toContain('  header: _id,_orderId,_contractId,_timestamp,');
    expect(r.stdout).toContain('ibkr-flex-xml  Interactive Brokers Flex Query (XML)');
    const json = await runJson(box, ['import', '--list-formats']);
    const names = json.formats.map((f: T) => f.name);
    expect(names).toEqual(expect.arrayContaining(['tradovate-fills', 'ninjatrader-executions', 'ibkr-activity', 'mt5-report']));
    expect(json.formats[0]).toEqual({
      name: expect.any(String),
      label: expect.any(String),
      broker: expect.any(String),
      title: expect.any(String),
      exportHint: expect.any(String),
      reads: expect.any(String),
      timeRule: expect.any(String),
      sampleHeader: expect.any(String),
    });
    const none = await run(box, ['import']);
    expect(none).toMatchObject({ code: 2, stderr: 'tj: tj import needs a FILE to import (or --list-formats)\n' });
  });
});
