import { type MigrationDefinition, notNull } from './dialect.js';

/**
 * Version 31: currencies (docs/analytics.md, "Currencies").
 *
 * - fx_rates: the user's reference rates, imported (`tj fx import`) or fetched from a provider
 *   (`tj fx fetch`): on `day`, 1 `base` is worth `rate` `quote` (decimal text, exact), with the
 *   rate's `source`. Led by user_id like every table of a user's data.
 * - trades: `fx_rate`, the broker's own rate from the trade's currency to its account's base
 *   currency (IBKR's fxRateToBase, of the closing fill), and `fx_base`, that base when the file
 *   names it (else the account's base currency applies).
 * - trades_currency: (user_id, currency), so the currencies a user trades in are found by a
 *   few index probes rather than a scan.
 */
export const currenciesMigration: MigrationDefinition = {
  version: 31,
  name: 'currencies: FX rates, the broker rate per trade',
  up: ({ schema, t, caps }) => [
    schema
      .createTable('fx_rates')
      .addColumn('user_id', t.uuid, notNull)
      .addColumn('base', t.text, notNull)
      .addColumn('quote', t.text, notNull)
      .addColumn('day', t.text, notNull)
      .addColumn('rate', t.text, notNull)
      .addColumn('source', t.text, notNull)
      .addColumn('created_at', t.bigint, notNull)
      .addPrimaryKeyConstraint('fx_rates_pkey', ['user_id', 'base', 'quote', 'day'])
      .$call((table) => (caps.clusteredTable ? table.modifyEnd(caps.clusteredTable) : table)),
    schema.alterTable('trades').addColumn('fx_rate', t.text),
    schema.alterTable('trades').addColumn('fx_base', t.text),
    schema.createIndex('trades_currency').on('trades').columns(['user_id', 'currency']),
  ],
};
