import { describe, expect, it } from 'vitest';
import { paymentsService } from '../src/service.js';
import { paymentsSettings } from '../src/settings.js';

/** What production refuses to start with although tests and demonstrations may (the process then exits with 78). */
describe('the payments settings production refuses', () => {
  const cashfree = { CASHFREE_CLIENT_ID: 'TEST-ID', CASHFREE_CLIENT_SECRET: 'cfsk_ma_test_secret' };
  const problems = (env: Record<string, string>, nodeEnv: 'production' | 'development' = 'production') =>
    paymentsService.settingsProblems?.(paymentsSettings.parse(env), nodeEnv) ?? [];

  it('a pre-debit notice shorter than 24 hours before the renewal charge (RBI), which tests shorten to seconds', () => {
    expect(problems({ ...cashfree })).toEqual([]);
    expect(problems({ ...cashfree, RENEWAL_NOTICE_TO_CHARGE_SECONDS: '86400' })).toEqual([]);
    expect(problems({ ...cashfree, RENEWAL_NOTICE_TO_CHARGE_SECONDS: '86399' })).toEqual([
      'RENEWAL_NOTICE_TO_CHARGE_SECONDS: at least 86400 in production (RBI: the pre-debit notice comes 24 hours before the charge)',
    ]);
    const demonstration = {
      ...cashfree,
      MEMBERSHIP_PERIOD_SECONDS: '120',
      RENEWAL_LEAD_SECONDS: '100',
      RENEWAL_NOTICE_TO_CHARGE_SECONDS: '20',
      RENEWAL_CHECK_DELAY_SECONDS: '5',
      RENEWAL_RETRY_SECONDS: '10',
    };
    expect(problems(demonstration, 'development')).toEqual([]);
    expect(problems(demonstration)).toHaveLength(1);
  });

  it("the Cashfree emulator's hosted pages, where no money is taken", () => {
    const emulator = {
      ...cashfree,
      CASHFREE_BASE_URL: 'http://127.0.0.1:4010/pg',
      CASHFREE_HOSTED_PAGES_URL: 'http://127.0.0.1:4010/pay/simulator',
    };
    expect(problems(emulator, 'development')).toEqual([]);
    expect(problems(emulator)).toEqual(['CASHFREE_HOSTED_PAGES_URL: not in production (it points payments at the Cashfree emulator)']);
  });

  it('the Cashfree emulator, which takes no real money', () => {
    expect(problems({})).toEqual([
      'CASHFREE_CLIENT_ID, CASHFREE_CLIENT_SECRET: required in production (the Cashfree emulator takes no real money)',
    ]);
  });
});
