import type { CashfreeDriver } from './driver.js';
import type { EmulatedSubscription, EmulatorState, SubscriptionPaymentJson } from './state.js';

/** How the member's bank answers a mandate's next renewal debit; `PENDING` holds it past its date. */
export type NextChargeOutcome = 'SUCCESS' | 'FAILED' | 'PENDING';

const INSUFFICIENT_FUNDS = 'DEBIT FAILED | Insufficient Funds In Customer (Remitter) Account';

/**
 * The member's bank on renewal debits, for the rigs where nobody drives the emulator (`npm start`, the browser
 * journeys, the fault suites): a charge whose date has come is debited when it is next looked at (by the adapter's
 * check, as payments asks after the date), succeeding unless a tester said otherwise, and Cashfree's webhook goes out.
 * A tester's switch per mandate (the simulator's `next-charge`) makes the next debits fail, or holds them with the
 * bank (`PENDING`: cancelling the mandate meanwhile does not stop them) until a later `SUCCESS` or `FAILED` releases
 * them. Cashfree debits on the date whether anyone looks or not; debiting on the look keeps the emulator free of
 * timers, and payments always looks after the date.
 */
export class RenewalBank {
  private readonly outcomes = new Map<string, NextChargeOutcome>();
  /** `subscription/payment` of the debits held with the bank. */
  private readonly held = new Set<string>();

  constructor(
    private readonly state: EmulatorState,
    private readonly driver: CashfreeDriver,
    /** Sends the charge's webhook after its status changed. */
    private readonly notify: (subscriptionId: string, paymentId: string) => void,
  ) {}

  /** False when there is no such mandate. A `SUCCESS` or `FAILED` also ends the debits held until now. */
  setNextChargeOutcome(subscriptionId: string, outcome: NextChargeOutcome): boolean {
    if (!this.state.subscriptions.has(subscriptionId)) return false;
    this.outcomes.set(subscriptionId, outcome);
    if (outcome === 'PENDING') return true;
    for (const key of [...this.held]) {
      const [subscription, payment] = key.split('/') as [string, string];
      if (subscription !== subscriptionId) continue;
      this.held.delete(key);
      this.end(subscription, payment, outcome);
    }
    return true;
  }

  /** Debits a charge whose date has come (IST), as the mandate's switch says; a mandate no longer active fails it. */
  debitIfDue(subscription: EmulatedSubscription, charge: SubscriptionPaymentJson): void {
    if (charge.payment_type !== 'CHARGE' || (charge.payment_status !== 'INITIALIZED' && charge.payment_status !== 'PENDING')) return;
    const subscriptionId = subscription.entity.subscription_id;
    if (this.held.has(`${subscriptionId}/${charge.payment_id}`)) return;
    if (!this.due(charge.payment_schedule_date)) return;
    const outcome = subscription.entity.subscription_status === 'ACTIVE' ? (this.outcomes.get(subscriptionId) ?? 'SUCCESS') : 'INACTIVE';
    if (outcome === 'INACTIVE') {
      this.end(subscriptionId, charge.payment_id, 'FAILED', 'Mandate is not active');
      return;
    }
    if (outcome === 'PENDING') {
      this.driver.notifyCharge(subscriptionId, charge.payment_id);
      this.held.add(`${subscriptionId}/${charge.payment_id}`);
      return;
    }
    this.end(subscriptionId, charge.payment_id, outcome);
  }

  /**
   * From the schedule on: a date is kept as its midnight in India (due all that day), an instant (the emulator's
   * `sameDayCharges`) as itself.
   */
  private due(schedule: string | null): boolean {
    return schedule !== null && Date.parse(schedule) <= this.state.now().getTime();
  }

  private end(subscriptionId: string, paymentId: string, outcome: 'SUCCESS' | 'FAILED', reason = INSUFFICIENT_FUNDS): void {
    if (outcome === 'SUCCESS') this.driver.settleCharge(subscriptionId, paymentId);
    else this.driver.failCharge(subscriptionId, paymentId, reason);
    this.notify(subscriptionId, paymentId);
  }
}
