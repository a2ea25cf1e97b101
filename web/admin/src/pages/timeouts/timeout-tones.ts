import type { DataOf, OperationTable } from '@elts/contracts';
import type { StatTone } from '../../components/StatCard.js';

type Advice = DataOf<OperationTable['adminTimeoutAnalysis']>['recommendations'];

/**
 * The cards' colours are the server's advice, never thresholds of the page's own (its rules: a timeout rate above 5
 * percent is high, above 2 medium; more than 10 payments at risk is high; spec section 5).
 */
const severityOf = (advice: Advice, type: Advice[number]['type']) => advice.find((item) => item.type === type)?.severity;

/** Timeout rate colour: an error when the server calls the rate high, a warning when medium, else success. */
export function timeoutRateTone(advice: Advice): StatTone {
  const severity = severityOf(advice, 'timeout_rate');
  if (severity === 'high') return 'error';
  if (severity === 'medium') return 'warning';
  return 'success';
}

/** The At Risk card turns to a warning when the server warns about the payments at risk. */
export const atRiskTone = (advice: Advice): StatTone => (severityOf(advice, 'at_risk') ? 'warning' : 'neutral');

export const TIMEOUT_PERIODS = [
  { value: '1', label: 'Last 24 hours' },
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
] as const;
