import { startPayments } from './helpers.js';
import { CLOCK, describeRenewalMoneyRules } from './renewal-money-rules.js';

// The renewal money rules on the embedded timers table (the scenarios: renewal-money-rules.ts).
describeRenewalMoneyRules('the embedded driver', true, async () => {
  const payments = await startPayments('pglite', CLOCK);
  return { payments, close: () => payments.close() };
});
