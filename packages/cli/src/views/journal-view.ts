import type { JournalEntry, Pagination } from '@tj/core';
import { shortId } from '@tj/core/ids';
import { clip, dateTime, NONE, pageLine } from '../output/format.js';
import type { Output } from '../output/output.js';

const score = (n: number | null) => (n === null ? NONE : String(n));

/** The four emotion scores as `E7 F6 S3 C8`. */
export function emotions(e: JournalEntry['emotionalState']): string {
  return `E${score(e.energy)} F${score(e.focus)} S${score(e.stress)} C${score(e.confidence)}`;
}

/** Prints journal entries as a table (by short id) with the page line. */
export function printJournalTable(out: Output, entries: JournalEntry[], pagination?: Pagination): void {
  if (entries.length === 0) {
    out.line('No journal entries.');
    return;
  }
  out.printTable(
    ['ID', 'Date', 'Type', 'Emotions', 'Plan', 'Lessons'],
    entries.map((e) => [
      shortId(e.id),
      e.date,
      e.type,
      emotions(e.emotionalState),
      clip(e.tradingPlan, 40),
      String(e.lessonsLearned.length),
    ]),
  );
  if (pagination) out.line(out.c.dim(pageLine(pagination, 'entry', 'entries')));
}

/** Prints one journal entry in full. */
export function printJournalEntry(out: Output, e: JournalEntry, tz: string): void {
  const s = e.emotionalState;
  out.printFields([
    ['ID', `${shortId(e.id)} · ${e.id}`],
    ['Date', e.date],
    ['Type', e.type],
    ['Pre-market analysis', e.premarketAnalysis ?? NONE],
    ['Trading plan', e.tradingPlan ?? NONE],
    ['Post-market review', e.postmarketReview ?? NONE],
    ['Energy', score(s.energy)],
    ['Focus', score(s.focus)],
    ['Stress', score(s.stress)],
    ['Confidence', score(s.confidence)],
    ['Lessons learned', e.lessonsLearned.length > 0 ? e.lessonsLearned.map((l) => `• ${l}`).join('\n') : NONE],
    ['Tags', e.tags.length > 0 ? e.tags.join(', ') : NONE],
    ['Updated', dateTime(e.updatedAt, tz)],
  ]);
}
