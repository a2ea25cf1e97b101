import { CashfreeGateway, type CashfreeSettings } from '../../src/gateway/cashfree/index.js';
import type { CashfreeEmulator } from '../../src/gateway/cashfree-emulator/emulator.js';
import type { CreateCheckoutOrder, CreateMandate, GatewayCustomer, MandatePlan } from '../../src/gateway/payment-gateway.js';

export const member: GatewayCustomer = { id: 'M1024', name: 'Asha Rao', email: 'asha.rao@example.in', phone: '9876543210' };

let sequence = 0;
/** Ids unique within a run, so tests sharing one fake never collide. */
export const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${++sequence}`;

export function checkoutOrder(overrides: Partial<CreateCheckoutOrder> = {}): CreateCheckoutOrder {
  return {
    orderId: unique('ord'),
    amountPaise: 117_882,
    customer: member,
    returnUrl: 'https://club.example.in/pay/return?order_id={order_id}',
    notifyUrl: 'https://club.example.in/webhooks/cashfree',
    expiresAt: new Date(Date.now() + 60 * 60_000),
    note: 'Annual membership',
    ...overrides,
  };
}

export const annualPlan = (overrides: Partial<MandatePlan> = {}): MandatePlan => ({
  planId: unique('annual'),
  name: 'Annual membership',
  maxAmountPaise: 117_882,
  note: 'Rs 999 + 18% GST, charged once a year',
  ...overrides,
});

export function mandate(plan: MandatePlan, overrides: Partial<CreateMandate> = {}): CreateMandate {
  return {
    subscriptionId: unique('sub'),
    plan,
    customer: member,
    authorizationAmountPaise: 117_882,
    returnUrl: 'https://club.example.in/membership/return',
    expiresAt: new Date(Date.now() + 10 * 365 * 24 * 60 * 60_000),
    note: 'Annual membership by UPI AutoPay',
    ...overrides,
  };
}

/** A gateway aimed at the fake, whose waits between attempts are recorded instead of spent. */
export function gatewayFor(fake: CashfreeEmulator, overrides: Partial<CashfreeSettings> = {}) {
  const waits: number[] = [];
  const gateway = new CashfreeGateway({
    baseUrl: fake.url,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    timeoutMs: 2_000,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...overrides,
  });
  return { gateway, waits };
}

/** What a rejected promise threw, to assert on its fields. */
export async function failure(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

/** An Indian calendar date `days` ahead of today, at 10:00 IST. */
export const daysAhead = (days: number) => {
  const istToday = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  return new Date(Date.parse(`${istToday}T04:30:00Z`) + days * 24 * 60 * 60_000);
};
