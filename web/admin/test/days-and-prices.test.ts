import { dayText, maskDayText, readDayText } from '@elts/ui';
import { describe, expect, it } from 'vitest';
import { priceRupees, tableRupees } from '../src/components/money.js';
import { bodyOf, draftOf, emptyDraft } from '../src/pages/products/product-form.js';

describe('date filters typed as dd/mm/yyyy', () => {
  it('reads a whole, real day as the server’s YYYY-MM-DD', () => {
    expect(readDayText('25/11/2026')).toEqual({ kind: 'day', day: '2026-11-25' });
    expect(readDayText(' 5/1/2026 ')).toEqual({ kind: 'day', day: '2026-01-05' });
    expect(readDayText('05-01-2026')).toEqual({ kind: 'day', day: '2026-01-05' });
    expect(readDayText('29/02/2028')).toEqual({ kind: 'day', day: '2028-02-29' });
    expect(readDayText('')).toEqual({ kind: 'empty' });
  });

  it('waits on a day still being typed, and refuses one that cannot be', () => {
    expect(readDayText('25/11/20')).toEqual({ kind: 'partial', message: 'Enter the date as dd/mm/yyyy' });
    expect(readDayText('2')).toMatchObject({ kind: 'partial' });
    expect(readDayText('2026-11-25')).toEqual({ kind: 'invalid', message: 'Enter the date as dd/mm/yyyy' });
    expect(readDayText('11/25/2026')).toEqual({ kind: 'invalid', message: 'Enter a real date as dd/mm/yyyy' });
    expect(readDayText('31/02/2026')).toEqual({ kind: 'invalid', message: 'Enter a real date as dd/mm/yyyy' });
    expect(readDayText('29/02/2027')).toMatchObject({ kind: 'invalid' });
    expect(readDayText('tomorrow')).toMatchObject({ kind: 'invalid' });
    // The server's bounds (contracts' EARLIEST_DATE and LATEST_DATE), said the same way round.
    expect(readDayText('31/12/1999')).toEqual({ kind: 'invalid', message: 'Enter a date from 01/01/2000 to 31/12/2099' });
    expect(readDayText('01/01/2100')).toMatchObject({ kind: 'invalid' });
  });

  it('puts the slashes in as digits are typed, and leaves a day typed its own way alone', () => {
    expect(maskDayText('2')).toBe('2');
    expect(maskDayText('251')).toBe('25/1');
    expect(maskDayText('2511')).toBe('25/11');
    expect(maskDayText('25112026')).toBe('25/11/2026');
    expect(maskDayText('251120261')).toBe('25/11/2026');
    expect(maskDayText('25/112')).toBe('25/11/2');
    // Deleting back over a slash takes it away, rather than leaving the caret stuck behind it.
    expect(maskDayText('25/11/')).toBe('25/11');
    expect(maskDayText('5/11/2026')).toBe('5/11/2026');
    expect(maskDayText('25-11-2026')).toBe('25-11-2026');
  });

  it('shows a filter’s day as dd/mm/yyyy', () => {
    expect(dayText('2026-11-25')).toBe('25/11/2026');
    expect(dayText('2026-01-05')).toBe('05/01/2026');
  });
});

describe('money on the back office', () => {
  it('shows tables in whole rupees and prices to the paisa, the Indian way', () => {
    expect(tableRupees(2299.99)).toBe('₹2,300');
    expect(tableRupees(null)).toBe('₹0');
    expect(priceRupees(2299.99)).toBe('₹2,299.99');
    expect(priceRupees(123456.5)).toBe('₹1,23,456.50');
    expect(priceRupees(1499)).toBe('₹1,499.00');
  });

  it('opens the product form with prices to the paisa', () => {
    // A product as the list returns it: what the form sends, with its prices in rupees.
    const product = { ...bodyOf(emptyDraft()), id: 'p1', price: 2299.9, amazonPrice: 3000 };
    expect(draftOf(product as never)).toMatchObject({ price: '2299.90', amazonPrice: '3000.00' });
  });
});
