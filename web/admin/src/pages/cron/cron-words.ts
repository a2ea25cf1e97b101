import type { FailingStep } from '@elts/contracts';

/** Stop Service asks first (issue 21): what stopping does, and a Cancel that leaves the service running. */
export const STOP_CONFIRMATION = {
  title: 'Stop the cron service?',
  body: 'The scheduled checks of payments with the payment gateway stop until you press Restart Service.',
  confirm: 'Stop Service',
} as const;

/** A step as the banners and the confirmation name it: 'membership.expiry for MEM-123'. */
export const stepName = (step: Pick<FailingStep, 'type' | 'subject'>) => `${step.type} for ${step.subject}`;

/**
 * Successes over all runs as a percent with one decimal; N/A only before any run (docs/decisions/0141, issue 34: a
 * scheduler that has only succeeded shows 100.0%, one that has only failed 0.0%, not N/A as if nothing had run).
 */
export function successRate(successCount = 0, errorCount = 0): string {
  const runs = successCount + errorCount;
  if (runs === 0) return 'N/A';
  return `${((successCount / runs) * 100).toFixed(1)}%`;
}

/** '5h 7m' from seconds. */
export function uptimeText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** Bytes as MB with one decimal: `megabytes(52_428_800)` → '50.0 MB'. */
export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A job's name in words: 'payments.reconcilePending' → 'Payments Reconcile Pending'. */
export function jobWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s._:\-/]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
