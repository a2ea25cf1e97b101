import { describe, expect, it } from 'vitest';
import { deliveryNote } from '../src/shopping/FulfilmentTimeline.js';
import { fulfilmentView } from './fulfilment-view.js';

describe('what the order page says about delivery', () => {
  it('gives the last day to expect the parcel, then the day it came, as dd/mm/yyyy', () => {
    expect(deliveryNote(fulfilmentView({}))).toBe('Expected delivery by 04/12/2026');
    expect(deliveryNote(fulfilmentView({ step: 'delivered', delivered_on: '2026-11-28', expected_delivery_on: null }))).toBe(
      'Delivered on 28/11/2026',
    );
  });
});
