// A runnable tour of @tj/client. Start a server (`pnpm tj serve`), create a user
// (`pnpm tj user create --email ann@example.com --name Ann --password '…'`), then:
//   TJ_URL=http://127.0.0.1:3000 TJ_EMAIL=ann@example.com TJ_PASSWORD='…' node packages/client/examples/quick-start.mjs
import { createClient, TjApiError } from '@tj/client';

const client = createClient({
  baseUrl: process.env.TJ_URL ?? 'http://127.0.0.1:3000',
  // Persist the pair here (a file, the keychain, localStorage…) to stay logged in across runs.
  onTokens: (tokens) => console.log(tokens ? 'tokens: received a new pair' : 'tokens: cleared'),
});

const { user } = await client.auth.login({ email: process.env.TJ_EMAIL ?? '', password: process.env.TJ_PASSWORD ?? '' });
console.log(`logged in as ${user.name}`);

const trade = await client.trades.create({
  instrument: 'ES',
  direction: 'long',
  entryPrice: 5000,
  positionSize: 1,
  stopLoss: 4990,
  entryTime: new Date(Date.now() - 60_000).toISOString(),
});
const closed = await client.trades.update(trade.id, { exitPrice: 5015 });
console.log(`closed ${closed.instrument}: result ${closed.result}, ${closed.rMultiple}R`);

let count = 0;
for await (const _ of client.trades.paginate({ status: 'closed' })) count++;
const { winRate, totalPnL } = await client.trades.statistics();
console.log(`${count} closed trades, win rate ${winRate}%, P&L ${totalPnL}`);

try {
  await client.trades.get('00000000-0000-7000-8000-000000000000');
} catch (error) {
  if (!(error instanceof TjApiError)) throw error;
  console.log(`expected failure: ${error.status} ${error.code}`);
}

await client.auth.logout();
