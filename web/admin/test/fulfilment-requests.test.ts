import { describe, expect, it } from 'vitest';
import { checkStep, readyFor, type StepForm } from '../src/pages/orders/fulfilment/fulfilment-requests.js';

const form = (change: Partial<StepForm> = {}): StepForm => ({ courier: '', deliveredOn: '', shipments: {}, ...change });
const row = (orderId: string, step: 'paid' | 'processing' | 'shipped' | 'delivered' | null) => ({
  orderId,
  fulfilment: step && { step, courier: null, awbNumber: null, trackingUrl: null, shippedAt: null, deliveredOn: null },
});

describe('the orders a bulk step applies to', () => {
  it('are those at the step before it: paid ones are processed, processing ones shipped, shipped ones delivered', () => {
    const rows = [row('A', 'paid'), row('B', 'processing'), row('C', 'shipped'), row('D', 'delivered'), row('E', null)];
    expect(readyFor(rows, 'processing').map((r) => r.orderId)).toEqual(['A']);
    expect(readyFor(rows, 'shipped').map((r) => r.orderId)).toEqual(['B']);
    expect(readyFor(rows, 'delivered').map((r) => r.orderId)).toEqual(['C']);
  });
});

describe('the fulfilment dialog', () => {
  it('names the shipment of an exchange’s replacement, and none for an order’s own goods', () => {
    const shipmentOf = (orderId: string) => (orderId === 'ORD-2' ? 2 : undefined);
    expect(checkStep('processing', ['ORD-1', 'ORD-2'], form(), shipmentOf)).toEqual({
      items: [
        { step: 'processing', order_id: 'ORD-1' },
        { step: 'processing', shipment: 2, order_id: 'ORD-2' },
      ],
    });
  });

  it('sends each order with its own AWB number and tracking link, under one courier', () => {
    const checked = checkStep(
      'shipped',
      ['ORD-1', 'ORD-2'],
      form({
        courier: 'Blue Dart',
        shipments: {
          'ORD-1': { awb: '1234 5678 901', tracking: 'https://bluedart.com/t/1' },
          'ORD-2': { awb: '12345678902', tracking: 'https://bluedart.com/t/2' },
        },
      }),
    );
    expect(checked.items).toEqual([
      { order_id: 'ORD-1', step: 'shipped', courier: 'Blue Dart', awb_number: '12345678901', tracking_url: 'https://bluedart.com/t/1' },
      { order_id: 'ORD-2', step: 'shipped', courier: 'Blue Dart', awb_number: '12345678902', tracking_url: 'https://bluedart.com/t/2' },
    ]);
  });

  it('names the field of each mistake before anything is sent', () => {
    const checked = checkStep('shipped', ['ORD-1'], form({ shipments: { 'ORD-1': { awb: '12', tracking: 'http://bluedart.com' } } }));
    expect(checked.errors).toEqual({
      courier: 'Courier is required',
      'ORD-1.awb_number': 'AWB number must be 8 to 20 letters and digits, like 12345678901',
      'ORD-1.tracking_url': 'Tracking link must be an https:// address, like https://www.bluedart.com/tracking',
    });
  });

  it('reads the delivery day as dd/mm/yyyy', () => {
    expect(checkStep('delivered', ['ORD-1'], form({ deliveredOn: '26/11/2026' })).items).toEqual([
      { order_id: 'ORD-1', step: 'delivered', delivered_on: '2026-11-26' },
    ]);
    expect(checkStep('delivered', ['ORD-1'], form({ deliveredOn: '31/02/2026' })).errors).toEqual({
      deliveredOn: 'Enter a real date as dd/mm/yyyy',
    });
    expect(checkStep('delivered', ['ORD-1'], form()).errors).toEqual({ deliveredOn: 'Delivery date is required' });
  });
});
