import type { JournalEntry, ReportDay } from '@tj/core';
import { count, money, NONE, pct } from '../format.js';
import { type Html, html } from '../html.js';
import { signClass } from './summary.js';

function text(label: string, value: string | null): Html | '' {
  return value ? html`<div class="jt"><h4>${label}</h4><p>${value}</p></div>` : '';
}

function emotions(e: JournalEntry['emotionalState']): Html | '' {
  const parts = (['energy', 'focus', 'stress', 'confidence'] as const)
    .filter((k) => e[k] !== null)
    .map((k) => html`<span class="chip">${k} ${String(e[k])}/10</span>`);
  return parts.length > 0 ? html`<div class="chips">${parts}</div>` : '';
}

function dayFigures(day: ReportDay | undefined): Html {
  if (!day) return html`<div class="day-figures"><span class="note">No exits this day</span></div>`;
  return html`<div class="day-figures"><div class="${signClass(day.totalPnL)} day-pnl">${money(day.totalPnL)}</div>
<div>${count(day.trades)} trade${day.trades === 1 ? '' : 's'} · ${pct(day.winRate)} won</div></div>`;
}

/** The journal entries of the period, oldest first, each beside its day's trades and P&L. */
export function journalSection(entries: readonly JournalEntry[], days: readonly ReportDay[]): Html {
  if (entries.length === 0) {
    return html`<section id="journal"><h2>Journal</h2><p class="note">No journal entries in this period.</p></section>`;
  }
  const byDate = new Map(days.map((d) => [d.date, d]));
  const items = [...entries].reverse().map(
    (e) => html`<article class="entry" data-journal="${e.date}"><header><div class="entry-date">${e.date}</div>
<div class="entry-type">${e.type}</div>${dayFigures(byDate.get(e.date))}</header><div class="entry-body">
${text('Pre-market analysis', e.premarketAnalysis)}${text('Trading plan', e.tradingPlan)}${text('Post-market review', e.postmarketReview)}
${e.lessonsLearned.length > 0 ? html`<div class="jt"><h4>Lessons learned</h4><ul>${e.lessonsLearned.map((l) => html`<li>${l}</li>`)}</ul></div>` : ''}
${emotions(e.emotionalState)}${e.tags.length > 0 ? html`<div class="chips">${e.tags.map((t) => html`<span class="chip tag">${t}</span>`)}</div>` : ''}
${!e.premarketAnalysis && !e.tradingPlan && !e.postmarketReview && e.lessonsLearned.length === 0 ? html`<p class="note">${NONE}</p>` : ''}
</div></article>`,
  );
  return html`<section id="journal"><h2>Journal</h2><div class="entries">${items}</div></section>`;
}
