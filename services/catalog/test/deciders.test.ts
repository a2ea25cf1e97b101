import { productFormSchema } from '@elts/contracts';
import { deciderSpec } from '@elts/platform/testing';
import { describe, expect, it } from 'vitest';
import { DropCalendar, dropDecider } from '../src/domain/drops.js';
import { PRODUCT_ID_TAKEN, type ProductEvent, productDataFrom, productDecider } from '../src/domain/product.js';
import { productForm } from './helpers.js';

// Every other Friday from 03/01/2025: 17/01 is a drop of the calendar, 10/01 is not.
const ANCHOR = '2025-01-03';
const facts = (stored: ConstructorParameters<typeof DropCalendar>[1] = []) => ({
  knownBrands: ['Sony'],
  drops: new DropCalendar(ANCHOR, stored),
});
const form = (overrides: Record<string, unknown> = {}) => productFormSchema.parse(productForm(overrides));
const created = (overrides: Record<string, unknown> = {}): ProductEvent => ({
  type: 'ProductCreated',
  data: { productId: 'PRD-AAAAAA', product: productDataFrom(form(overrides), ['Sony']), stock: 10 },
});

describe('a product, given its events, when an admin saves it', () => {
  const product = deciderSpec(productDecider);
  const update = (sent: Record<string, unknown>, available = 10) => ({
    kind: 'update' as const,
    sent: form(sent),
    presentKeys: new Set(Object.keys(sent)),
    available,
    ...facts(),
  });

  it('creates it from its form, or refuses a form its rules do not allow', () => {
    product
      .given([])
      .when({ kind: 'create', productId: 'PRD-AAAAAA', form: form(), ...facts() })
      .thenEvents([created()]);
    product
      .given([])
      .when({ kind: 'create', productId: 'PRD-AAAAAA', form: form({ images: [' '] }), ...facts() })
      .thenRefused({ kind: 'invalid', issues: [{ path: 'images', message: 'At least one image is required' }] });
    product
      .given([])
      .when({ kind: 'create', productId: 'PRD-AAAAAA', form: form({ dropId: 'DROP-2025-01-10' }), ...facts() })
      .thenRefused({ kind: 'invalid', message: 'Unknown deal drop: DROP-2025-01-10' });
    product
      .given([created()])
      .when({ kind: 'create', productId: 'PRD-AAAAAA', form: form(), ...facts() })
      .thenRefused({ kind: 'conflict', message: PRODUCT_ID_TAKEN });
  });

  it('records what changed, nothing when nothing did, and a stock the admin set', () => {
    product
      .given([created()])
      .when(update({ name: 'Sony WH-1000XM5 Wireless Headphones' }))
      .thenEvents([]);
    const renamed = product.given([created()]).when(update({ name: 'Sony XM5' })).decision;
    expect(renamed).toMatchObject([
      { type: 'ProductUpdated', data: { productId: 'PRD-AAAAAA', changed: ['name'], product: { name: 'Sony XM5' } } },
    ]);
    product
      .given([created()])
      .when(update({ stock: 4 }, 7))
      .thenEvents([{ type: 'StockAdjusted', data: { productId: 'PRD-AAAAAA', available: 4, previousAvailable: 7 } }]);
    product
      .given([created()])
      .when(update({ stock: 7 }, 7))
      .thenEvents([]);
  });

  it('records the same retail price again when the admin checked it, and nothing for a product without one', () => {
    // Decision 0166: the save dates the price anew, though it is the same.
    const checked = product.given([created()]).when(update({ amazonPrice: 34990, amazonPriceChecked: true })).decision;
    expect(checked).toMatchObject([
      { type: 'ProductUpdated', data: { changed: ['amazonPricePaise'], product: { amazonPricePaise: 3_499_000 } } },
    ]);
    product
      .given([created({ amazonPrice: null })])
      .when(update({ amazonPriceChecked: true }))
      .thenEvents([]);
  });

  it('refuses a product that is not there, and a drop that was cancelled', () => {
    product.given([]).when({ kind: 'toggle' }).thenRefused({ kind: 'not_found', message: 'Product not found' });
    const cancelled = {
      id: 'DROP-2025-01-17',
      opensAt: new Date(0),
      closesAt: new Date(1),
      label: 'x',
      source: 'calendar' as const,
      cancelled: true,
    };
    product
      .given([created()])
      .when({ ...update({ dropId: 'DROP-2025-01-17' }), ...facts([cancelled]) })
      .thenRefused({ kind: 'invalid', message: 'The deal drop DROP-2025-01-17 was cancelled' });
  });

  it('turns it off and on again', () => {
    product
      .given([created()])
      .when({ kind: 'toggle' })
      .thenEvents([{ type: 'ProductDisabled', data: { productId: 'PRD-AAAAAA' } }]);
    product
      .given([created(), { type: 'ProductDisabled', data: { productId: 'PRD-AAAAAA' } }])
      .when({ kind: 'toggle' })
      .thenEvents([{ type: 'ProductEnabled', data: { productId: 'PRD-AAAAAA' } }]);
  });
});

describe('a deal drop, given its events, when an admin changes it', () => {
  const now = new Date('2025-01-06T00:00:00Z');
  const calendarDrop = deciderSpec(dropDecider(ANCHOR, 'DROP-2025-01-17'));
  const ownDrop = deciderSpec(dropDecider(ANCHOR, 'DRP-OWN111'));
  const window = { dropId: 'DROP-2025-01-17', opensAt: '2025-01-17T18:30:00.000Z', closesAt: '2025-01-19T18:30:00.000Z' };

  it('moves a drop of the calendar from its computed window, keeping its label unless given one', () => {
    const moved = calendarDrop.given([]).when({ kind: 'move', request: { opensOn: '2025-01-24' }, now }).decision;
    expect(moved).toEqual([
      {
        type: 'DropMoved',
        data: {
          dropId: 'DROP-2025-01-17',
          opensAt: '2025-01-24T18:30:00.000Z',
          closesAt: '2025-01-26T18:30:00.000Z',
          label: 'Deal drop of 17/01/2025',
        },
      },
    ]);
  });

  it('cancels once, and refuses to move a cancelled drop or one that does not exist', () => {
    const cancelled = { type: 'DropCancelled' as const, data: { ...window, label: 'Deal drop of 17/01/2025' } };
    calendarDrop.given([]).when({ kind: 'cancel' }).thenEvents([cancelled]);
    calendarDrop.given([cancelled]).when({ kind: 'cancel' }).thenEvents([]);
    calendarDrop
      .given([cancelled])
      .when({ kind: 'move', request: { opensOn: '2025-01-24' }, now })
      .thenRefused({ kind: 'conflict', message: 'This deal drop was cancelled' });
    ownDrop.given([]).when({ kind: 'cancel' }).thenRefused({ kind: 'not_found', message: 'Deal drop not found' });
  });

  it('schedules an admin’s own drop, refusing a window that cannot be a sale', () => {
    ownDrop
      .given([])
      .when({ kind: 'schedule', request: { opensOn: '2025-01-24', label: ' Republic Day ' }, now })
      .thenEvents([
        {
          type: 'DropScheduled',
          data: { dropId: 'DRP-OWN111', opensAt: '2025-01-24T18:30:00.000Z', closesAt: '2025-01-26T18:30:00.000Z', label: 'Republic Day' },
        },
      ]);
    ownDrop
      .given([])
      .when({ kind: 'schedule', request: { opensOn: '2025-01-23' }, now })
      .thenRefused({ kind: 'invalid', message: 'A deal drop opens on a Friday (opensOn must be a Friday as YYYY-MM-DD)' });
    ownDrop
      .given([])
      .when({ kind: 'schedule', request: { opensAt: '2025-01-01T00:00:00Z', closesAt: '2025-01-02T00:00:00Z' }, now })
      .thenRefused({ kind: 'invalid', message: 'A deal drop must close in the future' });
  });
});
