import { sql } from 'kysely';
import { type MigrationTools, notNull, recordTable, type Statement, timestamps } from './dialect.js';

/** Version 1, first half: users, refresh tokens, trades with their counters, and the journal. */
export function initialUsersAndTrades(tools: MigrationTools): Statement[] {
  const { schema, t } = tools;
  return [
    schema
      .createTable('users')
      .addColumn('id', t.uuid, (c) => c.primaryKey())
      .addColumn('email', t.text, notNull)
      .addColumn('email_key', t.text, (c) => c.notNull().unique())
      .addColumn('name', t.text, notNull)
      .addColumn('password_hash', t.text, notNull)
      .addColumn('disabled', t.bigint, (c) => c.notNull().defaultTo(0))
      .$call(timestamps(t)),
    schema
      .createTable('refresh_tokens')
      .addColumn('user_id', t.uuid, notNull)
      .addColumn('token_hash', t.text, notNull)
      .addColumn('chain_id', t.uuid, notNull)
      .addColumn('expires_at', t.bigint, notNull)
      .addColumn('revoked_at', t.bigint)
      .addColumn('created_at', t.bigint, notNull)
      .addPrimaryKeyConstraint('refresh_tokens_pkey', ['user_id', 'token_hash']),
    schema.createIndex('refresh_tokens_chain').on('refresh_tokens').columns(['user_id', 'chain_id']),
    recordTable(tools, 'trades', (b) =>
      b
        .addColumn('instrument', t.text, notNull)
        .addColumn('instrument_key', t.text, notNull)
        .addColumn('direction', t.text, notNull)
        .addColumn('entry_price', t.double, notNull)
        .addColumn('position_size', t.double, notNull)
        .addColumn('entry_time', t.bigint, notNull)
        .addColumn('stop_loss', t.double)
        .addColumn('take_profit', t.double)
        .addColumn('setup_type', t.text)
        .addColumn('notes', t.text)
        .addColumn('tags', t.text, (c) => c.notNull().defaultTo('[]'))
        .addColumn('fees', t.double, (c) => c.notNull().defaultTo(0))
        .addColumn('multiplier', t.double, (c) => c.notNull().defaultTo(1))
        .addColumn('exit_price', t.double)
        .addColumn('exit_time', t.bigint)
        .addColumn('result_micros', t.bigint)
        .addColumn('result_manual', t.bigint, (c) => c.notNull().defaultTo(0))
        .addColumn('r_multiple', t.double)
        .addColumn('status', t.text, notNull)
        .addColumn('import_key', t.text)
        .$call(timestamps(t)),
    ),
    schema.createIndex('trades_entry').on('trades').columns(['user_id', 'entry_time', 'id']),
    schema.createIndex('trades_status_entry').on('trades').columns(['user_id', 'status', 'entry_time', 'id']),
    schema.createIndex('trades_instrument_entry').on('trades').columns(['user_id', 'instrument_key', 'entry_time', 'id']),
    schema
      .createIndex('trades_exit')
      .on('trades')
      .columns(['user_id', 'exit_time', 'id'])
      .where(sql.ref('exit_time'), 'is not', null),
    schema
      .createIndex('trades_import_key')
      .unique()
      .on('trades')
      .columns(['user_id', 'import_key'])
      .where(sql.ref('import_key'), 'is not', null),
    schema
      .createTable('trade_counts')
      .addColumn('user_id', t.uuid, (c) => c.primaryKey())
      .addColumn('total', t.bigint, (c) => c.notNull().defaultTo(0))
      .addColumn('open', t.bigint, (c) => c.notNull().defaultTo(0)),
    recordTable(tools, 'journal_entries', (b) =>
      b
        .addColumn('date', t.text, notNull)
        .addColumn('type', t.text, notNull)
        .addColumn('premarket_analysis', t.text)
        .addColumn('trading_plan', t.text)
        .addColumn('postmarket_review', t.text)
        .addColumn('energy', t.bigint)
        .addColumn('focus', t.bigint)
        .addColumn('stress', t.bigint)
        .addColumn('confidence', t.bigint)
        .addColumn('lessons_learned', t.text, (c) => c.notNull().defaultTo('[]'))
        .addColumn('tags', t.text, (c) => c.notNull().defaultTo('[]'))
        .$call(timestamps(t)),
    ).addUniqueConstraint('journal_entries_user_id_date_type_key', ['user_id', 'date', 'type']),
    schema.createIndex('journal_date').on('journal_entries').columns(['user_id', 'date', 'id']),
  ];
}
