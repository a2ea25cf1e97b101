import type { DataOf, OperationTable } from '@elts/contracts';

/**
 * The At Risk card's note, from the server's thresholds rather than minutes written into the page: "Pending 12 to 15
 * minutes" with the default settings. Shortened settings (tests, demonstrations) that are not whole minutes read in
 * seconds, so the note never rounds a window away.
 */
export function atRiskNote(
  // The thresholds the server's at-risk rule counted by (its PAYMENT_AT_RISK_SECONDS and PAYMENT_TIMEOUT_SECONDS).
  window: DataOf<OperationTable['adminTimeoutAnalysis']>['at_risk_payments']['window'] | undefined,
): string | undefined {
  if (!window) return undefined;
  const { at_risk_after_seconds: from, timeout_after_seconds: to } = window;
  return from % 60 === 0 && to % 60 === 0 ? `Pending ${from / 60} to ${to / 60} minutes` : `Pending ${from} to ${to} seconds`;
}
