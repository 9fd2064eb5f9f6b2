import type { Alert, AlertCreateInput, Core } from '@tj/core';
import { alertsAfterBars, coreDeps, storeBars } from '@tj/core/internal';

/** One 1-minute bar at `hhmm` (UTC) of `date`: [open, high, low, close]. */
export type BarAt = [hhmm: string, open: number, high: number, low: number, close: number];

/** Stores 1-minute ES bars (see {@link storeMinuteBars}). */
export const storeEsBars = (core: Core, userId: string, date: string, bars: BarAt[]) =>
  storeMinuteBars(core, userId, 'ES', date, bars);

/**
 * Stores 1-minute bars of `instrument` through core's storage (storeBars in one transaction, real
 * storage) with the after-bars step core wires: the alert rules' hook.
 */
export async function storeMinuteBars(
  core: Core,
  userId: string,
  instrument: string,
  date: string,
  bars: BarAt[],
): Promise<void> {
  const deps = coreDeps(core);
  const rows = bars.map(([hhmm, open, high, low, close]) => ({
    time: Date.parse(`${date}T${hhmm}:00Z`),
    open,
    high,
    low,
    close,
    volume: 100,
  }));
  const from = Math.min(...rows.map((b) => b.time));
  const to = Math.max(...rows.map((b) => b.time)) + 60_000;
  await deps.storage.transaction((tx) =>
    storeBars(tx, userId, { instrumentKey: instrument, timeframe: 60, bars: rows, range: { from, to, source: 'test' } }, [
      alertsAfterBars(deps),
    ]),
  );
}

/** One ES contract (multiplier 50), long, entered at `entry` (UTC ISO) at `price`; closed when `exit` is given. */
export function esLong(entry: string, price: number, exit?: { time: string; price: number }, size = 1): Record<string, unknown> {
  return {
    instrument: 'ES',
    direction: 'long',
    entryPrice: price,
    positionSize: size,
    multiplier: 50,
    entryTime: entry,
    ...(exit && { exitTime: exit.time, exitPrice: exit.price }),
  };
}

/** A new user with alerts; `triggers(i)` lists alert i's triggers, oldest first. */
export async function userWithAlerts(core: Core, inputs: AlertCreateInput[]) {
  const user = coreDeps(core).ids.next();
  const alerts: Alert[] = [];
  for (const input of inputs) alerts.push(await core.alerts.create(user, input));
  const triggers = async (i: number) =>
    (await core.alerts.events(user, (alerts[i] as Alert).id, { limit: 100 })).events.reverse();
  return { user, alerts, triggers };
}

/** The data of the alert.triggered events in the outbox for `webhookId`, in the order written. */
export async function triggeredPayloads(core: Core, webhookId: string): Promise<Array<Record<string, unknown>>> {
  const jobs = await coreDeps(core).storage.repos.outbox.claimDue(Date.now() + 86_400_000 * 365, 1000, 1000);
  return jobs
    .filter((j) => j.delivery.webhookId === webhookId && j.delivery.eventType === 'alert.triggered')
    .map((j) => JSON.parse(j.payload).data as Record<string, unknown>);
}
