// The small answers both paths return, so the parent can check that ours and the floor agree.

const STATISTICS_KEYS = [
  'totalTrades',
  'wins',
  'losses',
  'breakeven',
  'totalPnL',
  'grossProfit',
  'grossLoss',
  'largestWin',
  'largestLoss',
  'maxDrawdown',
  'longestWinStreak',
  'longestLossStreak',
  'averageR',
  'openTrades',
];

/** The statistics fields both paths report (the others are derived from these). */
export function statisticsAnswer(s) {
  return Object.fromEntries(STATISTICS_KEYS.map((k) => [k, s[k]]));
}

/** What a dashboard answer is checked on: the number of closed trades and their P&L. */
export function dashboardAnswer(summary) {
  return { closedTrades: summary.totalTrades, totalPnL: summary.totalPnL };
}
