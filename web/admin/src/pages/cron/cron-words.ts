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
 * Successes over all runs as a percent with one decimal; N/A when either count is zero or absent, as the spec says
 * ("Success rate shows N/A when success or error counts are zero or absent"; docs/decisions/0034 replaces 0141's
 * reading, which showed 100.0% with no errors).
 */
export function successRate(successCount?: number, errorCount?: number): string {
  if (!successCount || !errorCount) return 'N/A';
  return `${((successCount / (successCount + errorCount)) * 100).toFixed(1)}%`;
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
