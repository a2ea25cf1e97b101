import type { adminBffOperations, DataOf } from '@elts/contracts';

export interface TimeoutFigures {
  total: number;
  successful: number;
  timedOut: number;
  atRisk: number;
}

/** One piece of the Timeouts page's advice, as the contract declares it. */
export type Recommendation = DataOf<typeof adminBffOperations.adminTimeoutAnalysis>['recommendations'][number];

/**
 * The Timeouts page's advice, from rules recorded in docs/decisions: a timeout rate above 5% is high (the screen
 * colours it as an error), above 2% medium (a warning); more than 10 payments at risk is high; a success rate under
 * 80% with enough payments to judge is medium. With nothing to flag, one low note says so.
 */
export function recommendations(figures: TimeoutFigures): Recommendation[] {
  const advice: Recommendation[] = [];
  const rate = figures.total === 0 ? 0 : (figures.timedOut / figures.total) * 100;
  if (rate > 5) {
    advice.push({
      type: 'timeout_rate',
      severity: 'high',
      message: `Timeout rate is ${rate.toFixed(2)}%. Check the payment gateway's status and the checkout page: payers are not finishing.`,
    });
  } else if (rate > 2) {
    advice.push({
      type: 'timeout_rate',
      severity: 'medium',
      message: `Timeout rate is ${rate.toFixed(2)}%, above the 2% we aim for. Watch it over the next days.`,
    });
  }
  if (figures.atRisk > 10) {
    advice.push({
      type: 'at_risk',
      severity: 'high',
      message: `${figures.atRisk} payments are about to time out. Run a normal check from the Cron page to ask the gateway now.`,
    });
  }
  const successRate = figures.total === 0 ? 100 : (figures.successful / figures.total) * 100;
  if (figures.total >= 20 && successRate < 80) {
    advice.push({
      type: 'success_rate',
      severity: 'medium',
      message: `Only ${successRate.toFixed(2)}% of payments succeed. Look at the failure reasons on the Payments page.`,
    });
  }
  if (advice.length === 0) advice.push({ type: 'healthy', severity: 'low', message: 'Payments are healthy: no action needed.' });
  return advice;
}
