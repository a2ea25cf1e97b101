import type { StatTone } from '../../components/StatCard.js';

/** Timeout rate colour: above 5 percent an error, above 2 a warning, else success (spec section 5). */
export function timeoutRateTone(rate: string | number): StatTone {
  const value = typeof rate === 'number' ? rate : Number.parseFloat(rate);
  if (value > 5) return 'error';
  if (value > 2) return 'warning';
  return 'success';
}

/** The At Risk card turns to a warning above 10 payments. */
export const atRiskTone = (count: number): StatTone => (count > 10 ? 'warning' : 'neutral');

export const TIMEOUT_PERIODS = [
  { value: '1', label: 'Last 24 hours' },
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
] as const;
