import type { JournalEntry } from '@tj/schemas';
import { isoUtc } from '../shared/iso.js';
import type { JournalRow } from '../storage/rows.js';

/** The API shape of a stored journal entry. */
export function journalRecord(j: JournalRow): JournalEntry {
  return {
    id: j.id,
    date: j.date,
    type: j.type,
    premarketAnalysis: j.premarketAnalysis,
    tradingPlan: j.tradingPlan,
    postmarketReview: j.postmarketReview,
    emotionalState: { energy: j.energy, focus: j.focus, stress: j.stress, confidence: j.confidence },
    lessonsLearned: j.lessonsLearned,
    tags: j.tags,
    createdAt: isoUtc(j.createdAt),
    updatedAt: isoUtc(j.updatedAt),
  };
}
