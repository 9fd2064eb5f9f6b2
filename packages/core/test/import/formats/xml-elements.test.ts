import { describe, expect, it } from 'vitest';
import { readXmlElements } from '../../../src/import/index.js';
import { collect, failure } from '../support.js';

const encoder = new TextEncoder();

describe('readXmlElements', () => {
  it('yields each opening tag with its attributes and the line it starts on, across chunk borders', async () => {
    const xml =
      '\ufeff<?xml version="1.0"?>\n<Root a="1">\n  <Trade symbol="AAPL" note="a &amp; b"\n    qty="3"/>\n  <Trade symbol="MSFT" />\n</Root>\n';
    const bytes = encoder.encode(xml);
    const chunks = [bytes.subarray(0, 7), bytes.subarray(7, 50), bytes.subarray(50)];
    const elements = await collect(readXmlElements(chunks));
    expect(elements).toEqual([
      { name: 'Root', attributes: { a: '1' }, line: 2 },
      { name: 'Trade', attributes: { symbol: 'AAPL', note: 'a & b', qty: '3' }, line: 3 },
      { name: 'Trade', attributes: { symbol: 'MSFT' }, line: 5 },
    ]);
  });

  it('fails on malformed XML with the line of the fault', async () => {
    const message = await failure(collect(readXmlElements(['<Root>\n<Trade a="1">\n</Root>\n'])));
    expect(message).toMatch(/line 3/);
    expect(message).toMatch(/not well-formed XML/);
  });

  it('refuses entities it does not know rather than expanding them', async () => {
    const xml = '<!DOCTYPE r [<!ENTITY x "boom">]>\n<r a="&x;"/>\n';
    expect(await failure(collect(readXmlElements([xml])))).toMatch(/not well-formed XML/);
  });
});
