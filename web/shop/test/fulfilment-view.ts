import type { FulfilmentView } from '@elts/contracts';

/** A paid order's fulfilment as the order page reads it, paid and expected on 04/12/2026 unless `change` says otherwise. */
export const fulfilmentView = (change: Partial<FulfilmentView> = {}): FulfilmentView => ({
  step: 'paid',
  timeline: [],
  courier: null,
  awb_number: null,
  tracking_url: null,
  delivered_on: null,
  expected_delivery_on: '2026-12-04',
  ...change,
});
