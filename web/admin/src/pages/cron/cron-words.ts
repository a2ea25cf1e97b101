/** `GET /admin/cron/status`'s data (spec section 3, "Cron status"). */
export interface CronStatus {
  cron_service: {
    isRunning: boolean;
    successCount?: number;
    errorCount?: number;
    lastRunTime?: string | null;
    jobs?: string[];
  };
  uptime: number;
  memory_usage: { heapUsed: number; heapTotal: number };
  server_time: string;
}

/**
 * Successes over all runs as a percent with one decimal; N/A when there is nothing to divide (no counts, or both
 * zero; docs/decisions/0141).
 */
export function successRate(successCount?: number, errorCount?: number): string {
  const success = successCount ?? 0;
  const total = success + (errorCount ?? 0);
  if (total === 0) return 'N/A';
  return `${((success / total) * 100).toFixed(1)}%`;
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
