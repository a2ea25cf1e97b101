import { addBusinessDays, todayInIndia } from './india-time.js';

/**
 * A paid order's way to the member (issue 20, docs/decisions/0023): the payment makes it `paid`, then an operator
 * marks it `processing`, `shipped` (courier, AWB number, tracking link) and `delivered` (the day), one step at a
 * time. The order's own status keeps the spec's meaning beside it: a paid order stays `completed` whatever its step.
 */
export const FULFILMENT_STEPS = ['paid', 'processing', 'shipped', 'delivered'] as const;
export type FulfilmentStep = (typeof FULFILMENT_STEPS)[number];

/** The steps an operator records; `paid` is the payment's. */
export const OPERATOR_STEPS = ['processing', 'shipped', 'delivered'] as const;
export type OperatorStep = (typeof OPERATOR_STEPS)[number];

export const FULFILMENT_STEP_LABELS: Record<FulfilmentStep, string> = {
  paid: 'Paid',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
};

/** The step after `step`, or undefined once delivered. */
export function nextFulfilmentStep(step: FulfilmentStep): OperatorStep | undefined {
  return OPERATOR_STEPS[FULFILMENT_STEPS.indexOf(step)];
}

/**
 * The delivery promise (spec section 9 and the shipping policy): orders are processed within 1-2 business days of
 * payment, and delivered within 7 business days of shipping.
 */
export const DELIVERY_PROMISE = { processingBusinessDays: 2, deliveryBusinessDays: 7 } as const;

/** Exchange requests are accepted within 7 days of delivery (spec section 9, the exchange policy). */
export const EXCHANGE_WINDOW_DAYS = 7;

/** The last day to expect a parcel that shipped at `shippedAt` (YYYY-MM-DD, India's calendar): 7 business days on. */
export function deliveryDueAfterShipping(shippedAt: Date): string {
  return addBusinessDays(todayInIndia(shippedAt), DELIVERY_PROMISE.deliveryBusinessDays);
}

/**
 * The last day the member should expect the parcel (YYYY-MM-DD, India's calendar): 7 business days after it shipped,
 * or, until then, 2 + 7 business days after payment.
 */
export function expectedDeliveryDate(paidAt: Date, shippedAt: Date | null): string {
  const { processingBusinessDays, deliveryBusinessDays } = DELIVERY_PROMISE;
  return shippedAt
    ? deliveryDueAfterShipping(shippedAt)
    : addBusinessDays(todayInIndia(paidAt), processingBusinessDays + deliveryBusinessDays);
}

/**
 * An air waybill number as Indian couriers write them (Blue Dart 11 digits, Delhivery 13-14, India Post EE123456789IN,
 * DTDC D12345678): 8 to 20 letters and digits with a digit among them, kept in capitals.
 */
export const AWB_PATTERN = /^(?=.*\d)[A-Z0-9]{8,20}$/;

export const FULFILMENT_MESSAGES = {
  courier: 'Courier is required',
  awb: 'AWB number must be 8 to 20 letters and digits, like 12345678901',
  trackingLink: 'Tracking link must be an https:// address, like https://www.bluedart.com/tracking',
} as const;

/** One step of an order's timeline as the member's pages and the back office read it. */
export interface FulfilmentTimelineStep {
  step: FulfilmentStep;
  done: boolean;
  /** When the step was recorded (ISO), null while it is ahead. */
  at: string | null;
}

/** A paid order's fulfilment as `GET /product/order/{id}` and the history cards carry it (`fulfilment`). */
export interface FulfilmentView {
  step: FulfilmentStep;
  timeline: FulfilmentTimelineStep[];
  courier: string | null;
  awb_number: string | null;
  tracking_url: string | null;
  /** The day it was delivered (YYYY-MM-DD), once it is. */
  delivered_on: string | null;
  /** The last day to expect it (YYYY-MM-DD) until it is delivered. */
  expected_delivery_on: string | null;
}
