import { type ChargeCheckPlan, DEFAULT_CHARGE_CHECK_PLAN, DEFAULT_MEMBERSHIP_PLAN, type MembershipPlan } from '@elts/workflows';
import type { PaymentsSettings } from '../settings.js';

/** The membership workflow's durations, from the settings (tests shorten them). */
export function membershipPlan(settings: PaymentsSettings): MembershipPlan {
  return {
    ...DEFAULT_MEMBERSHIP_PLAN,
    ...(settings.MEMBERSHIP_PERIOD_SECONDS ? { periodSeconds: settings.MEMBERSHIP_PERIOD_SECONDS } : {}),
    renewalLeadSeconds: settings.RENEWAL_LEAD_SECONDS,
    noticeToChargeSeconds: settings.RENEWAL_NOTICE_TO_CHARGE_SECONDS,
    retryIntervalSeconds: settings.RENEWAL_RETRY_SECONDS,
    maxChargeAttempts: settings.RENEWAL_MAX_ATTEMPTS,
  };
}

export function chargeCheckPlan(settings: Pick<PaymentsSettings, 'RENEWAL_CHECK_DELAY_SECONDS'>): ChargeCheckPlan {
  return { ...DEFAULT_CHARGE_CHECK_PLAN, firstCheckDelaySeconds: settings.RENEWAL_CHECK_DELAY_SECONDS };
}
