import type { FulfilmentView } from '@elts/contracts';
import { describe, expect, it } from 'vitest';
import { deliveryNote } from '../src/shopping/FulfilmentTimeline.js';

const view = (change: Partial<FulfilmentView>): FulfilmentView => ({
  step: 'paid',
  timeline: [],
  courier: null,
  awb_number: null,
  tracking_url: null,
  delivered_on: null,
  expected_delivery_on: '2026-12-04',
  ...change,
});

describe('what the order page says about delivery', () => {
  it('gives the last day to expect the parcel, then the day it came, as dd/mm/yyyy', () => {
    expect(deliveryNote(view({}))).toBe('Expected delivery by 04/12/2026');
    expect(deliveryNote(view({ step: 'delivered', delivered_on: '2026-11-28', expected_delivery_on: null }))).toBe(
      'Delivered on 28/11/2026',
    );
  });
});
