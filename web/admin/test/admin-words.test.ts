import { SALE_END_MESSAGE } from '@elts/contracts';
import { maskDateTimeText, readDateTimeText } from '@elts/ui';
import { describe, expect, it } from 'vitest';
import { queryString } from '../src/api/query-string.js';
import { jobWords, megabytes, successRate, uptimeText } from '../src/pages/cron/cron-words.js';
import { PAYMENT_STATUS_OPTIONS, payerName, statusLabel, timeoutInfo } from '../src/pages/payments/payment-words.js';
import {
  bodyOf,
  descriptionPreview,
  emptyDraft,
  GST_RATES,
  isoToSaleTime,
  NEW_BRAND,
  saleTimeToIso,
  validateDraft,
} from '../src/pages/products/product-form.js';
import { atRiskNote } from '../src/pages/timeouts/at-risk-words.js';
import { atRiskTone, timeoutRateTone } from '../src/pages/timeouts/timeout-tones.js';
import { csvFileName } from '../src/pages/users/download-csv.js';
import { cut, serverOrder } from '../src/pages/users/user-words.js';

describe('admin query strings', () => {
  it('leaves out empty filters and All', () => {
    expect(queryString({ status: '', paymentType: 'all', searchTerm: '  ', page: 1, limit: 20 })).toBe('?page=1&limit=20');
    expect(queryString({ pincodes: ['403001', '560001'], need: [], name: 'Asha Rao' })).toBe('?pincodes=403001%2C560001&name=Asha+Rao');
    expect(queryString({ status: undefined })).toBe('');
  });
});

describe('Timeout Info', () => {
  const base = { failureReason: null, metadata: { auto_failed: false, timeout_minutes: null }, minutes_pending: null, at_risk: false };

  it('says AUTO TIMEOUT with the minutes when the server failed it', () => {
    expect(timeoutInfo({ ...base, status: 'failed', metadata: { auto_failed: true, timeout_minutes: 15 } })).toEqual({
      kind: 'auto',
      text: 'AUTO TIMEOUT (15 min)',
    });
  });
  it('says TIMEOUT when a failure reason says it timed out', () => {
    expect(timeoutInfo({ ...base, status: 'failed', failureReason: 'Payment Timed Out at gateway' }).text).toBe('TIMEOUT');
    expect(timeoutInfo({ ...base, status: 'failed', failureReason: 'Card declined' }).text).toBe('-');
  });
  it("gives a pending payment the server's count of its minutes, AT RISK by the server's rule", () => {
    expect(timeoutInfo({ ...base, status: 'pending', minutes_pending: 13, at_risk: false })).toEqual({
      kind: 'pending',
      text: '13 min',
      atRisk: false,
    });
    // Shortened settings (PAYMENT_AT_RISK_SECONDS=60) make a 2-minute-old payment at risk.
    expect(timeoutInfo({ ...base, status: 'pending', minutes_pending: 2, at_risk: true })).toEqual({
      kind: 'pending',
      text: '2 min',
      atRisk: true,
    });
  });
  it('shows a dash for everything else', () => {
    expect(timeoutInfo({ ...base, status: 'success' }).text).toBe('-');
    expect(timeoutInfo({ ...base, status: 'processing', minutes_pending: 3 }).text).toBe('-');
  });
  it('names the payer by full name, else email, else N/A', () => {
    expect(payerName({ user: { firstname: 'Asha', lastname: 'Rao', email: 'a@x.in' } })).toBe('Asha Rao');
    expect(payerName({ user: { firstname: '', lastname: '', email: 'a@x.in' } })).toBe('a@x.in');
    expect(payerName({ user: null })).toBe('N/A');
  });
});

describe('payment statuses', () => {
  it('labels a payment refunded in full as Refunded, and offers it as a filter', () => {
    expect(statusLabel('refunded')).toBe('Refunded');
    expect(statusLabel('success')).toBe('Success');
    expect(PAYMENT_STATUS_OPTIONS.map((option) => option.label)).toEqual([
      'All',
      'Success',
      'Pending',
      'Failed',
      'Processing',
      'Refunded',
      'Timed Out',
    ]);
    expect(PAYMENT_STATUS_OPTIONS.find((option) => option.label === 'Refunded')?.value).toBe('refunded');
  });
});

describe('cron page words', () => {
  it('shows the success rate with one decimal, N/A only before any run', () => {
    expect(successRate(9, 1)).toBe('90.0%');
    expect(successRate(2, 1)).toBe('66.7%');
    expect(successRate(0, 0)).toBe('N/A');
    expect(successRate(undefined, undefined)).toBe('N/A');
    // Only successes is a rate too (issue 34: it stayed N/A after successful runs).
    expect(successRate(12, 0)).toBe('100.0%');
    expect(successRate(5, undefined)).toBe('100.0%');
    expect(successRate(0, 3)).toBe('0.0%');
  });
  it('shows uptime in hours and minutes and memory in MB with one decimal', () => {
    expect(uptimeText(3 * 3600 + 7 * 60 + 59)).toBe('3h 7m');
    expect(megabytes(52_428_800)).toBe('50.0 MB');
    expect(megabytes(1_572_864 + 52_429)).toBe('1.6 MB');
  });
  it('splits job names into words', () => {
    expect(jobWords('reconcilePendingPayments')).toBe('Reconcile Pending Payments');
    expect(jobWords('payments.renewal-notice')).toBe('Payments Renewal Notice');
  });
});

describe('timeouts page colours', () => {
  const advice = (type: 'timeout_rate' | 'at_risk' | 'healthy', severity: 'high' | 'medium' | 'low') => [{ type, severity, message: '' }];
  it("colours the timeout rate by the server's advice: high an error, medium a warning, else success", () => {
    expect(timeoutRateTone(advice('timeout_rate', 'high'))).toBe('error');
    expect(timeoutRateTone(advice('timeout_rate', 'medium'))).toBe('warning');
    expect(timeoutRateTone(advice('healthy', 'low'))).toBe('success');
    expect(timeoutRateTone([])).toBe('success');
  });
  it('warns about at-risk payments when the server does', () => {
    expect(atRiskTone(advice('healthy', 'low'))).toBe('neutral');
    expect(atRiskTone(advice('at_risk', 'high'))).toBe('warning');
  });
  it('notes the ages the server counted as at risk, from its settings, in minutes or else seconds', () => {
    expect(atRiskNote({ at_risk_after_seconds: 720, timeout_after_seconds: 900 })).toBe('Pending 12 to 15 minutes');
    expect(atRiskNote({ at_risk_after_seconds: 120, timeout_after_seconds: 300 })).toBe('Pending 2 to 5 minutes');
    expect(atRiskNote({ at_risk_after_seconds: 1, timeout_after_seconds: 2 })).toBe('Pending 1 to 2 seconds');
    expect(atRiskNote(undefined)).toBeUndefined();
  });
});

describe('users page words', () => {
  it('cuts the billing address at 20 characters', () => {
    expect(cut('12 MG Road, Panaji, Goa', 20)).toBe('12 MG Road, Panaji, ...');
    expect(cut('12 MG Road', 20)).toBe('12 MG Road');
    expect(cut(null, 20)).toBe('');
  });
  it('sorts age by birth date the other way round', () => {
    expect(serverOrder('age', 'ascending')).toBe('desc');
    expect(serverOrder('email', 'ascending')).toBe('asc');
  });
  it('names the CSV as the server does, else users_{today in India}.csv', () => {
    expect(csvFileName('attachment; filename="users_2026-11-22.csv"')).toBe('users_2026-11-22.csv');
    expect(csvFileName(null, new Date('2026-11-21T19:00:00Z'))).toBe('users_2026-11-22.csv');
  });
});

describe('product form', () => {
  const valid = {
    ...emptyDraft(),
    name: 'Kettle',
    price: '1499.50',
    category: 'Books',
    stock: '3',
    descriptions: [{ title: 'Highlights', content: 'One litre.' }],
    hsnCode: '85167990',
    gstRate: '18',
  };

  it('requires name, price, category and stock', () => {
    expect(validateDraft(emptyDraft(), [])).toEqual({
      name: 'Name is required',
      price: 'Price is required',
      category: 'Category is required',
      stock: 'Stock is required',
      images: 'At least one image is required',
      descriptions: 'Add at least one description section with a title or some text.',
      hsnCode: 'HSN code is required',
      gstRate: 'GST rate is required',
    });
    expect(validateDraft({ ...valid, images: ['', 'https://img.example/a.jpg'] }, [])).toEqual({});
  });
  it("takes an HSN code of 4, 6 or 8 digits and a rate from the rate table, in the catalog's words", () => {
    const images = ['https://img.example/a.jpg'];
    for (const hsnCode of ['8516', '851679', '85167990']) expect(validateDraft({ ...valid, images, hsnCode }, [])).toEqual({});
    for (const hsnCode of ['851', '85167', '8516799', '851679901']) {
      expect(validateDraft({ ...valid, images, hsnCode }, []).hsnCode).toBe('HSN code must be 4, 6 or 8 digits');
    }
    expect(validateDraft({ ...valid, images, gstRate: '12' }, []).gstRate).toBe('GST rate must be one of 0%, 3%, 5%, 18%, 40%');
    expect(bodyOf({ ...valid, images, gstRate: '5' })).toMatchObject({ hsnCode: '85167990', gstRate: 5 });
    expect(GST_RATES.map((rate) => rate.percent)).toEqual([0, 3, 5, 18, 40]);
  });
  it('asks for at least one description section that says something, as the catalog does', () => {
    const images = ['https://img.example/a.jpg'];
    const empty = [
      { title: ' ', content: '' },
      { title: '', content: '  ' },
    ];
    expect(validateDraft({ ...valid, images, descriptions: empty }, []).descriptions).toBe(
      'Add at least one description section with a title or some text.',
    );
    expect(validateDraft({ ...valid, images, descriptions: [...empty, { title: '', content: 'Boils in four minutes.' }] }, [])).toEqual({});
  });
  it('checks numbers, image URLs and new brands', () => {
    const errors = validateDraft(
      {
        ...valid,
        price: '-1',
        amazonPrice: '1.234',
        stock: '2.5',
        images: ['https://img.example/a.jpg', 'kettle.jpg'],
        brand: NEW_BRAND,
        newBrand: ' sony ',
      },
      ['Sony'],
    );
    expect(Object.keys(errors).sort()).toEqual(['amazonPrice', 'images', 'newBrand', 'price', 'stock']);
    expect(errors.newBrand).toBe('This brand already exists');
  });
  it('asks for the lowest price the gateway can take after membership credit, and says why', () => {
    const why =
      'The price must be at least ₹1.11, so that after up to 10% membership credit an order still comes to ₹1.00, the smallest payment we can take.';
    const images = ['https://img.example/a.jpg'];
    expect(validateDraft({ ...valid, images, price: '1.10' }, []).price).toBe(why);
    expect(validateDraft({ ...valid, images, price: '0' }, []).price).toBe(why);
    expect(validateDraft({ ...valid, images, price: '-1' }, []).price).toBe(why);
    expect(validateDraft({ ...valid, images, price: '1.11' }, [])).toEqual({});
    // The catalog's own words (productFormSchema), as the server would answer them.
    expect(validateDraft({ ...valid, images, price: '12.345' }, []).price).toBe('Price may have at most 2 decimals');
    expect(validateDraft({ ...valid, images, price: 'ten' }, []).price).toBe('Price must be a number');
  });
  it('drops empty rows, trims a new brand and sends empty optionals as null', () => {
    const body = bodyOf({
      ...valid,
      images: ['', ' https://img.example/a.jpg '],
      brand: NEW_BRAND,
      newBrand: '  Prestige ',
      variantGroup: ' ',
      descriptions: [{ title: '', content: '' }, ...valid.descriptions],
    });
    expect(body).toMatchObject({
      price: 1499.5,
      amazonPrice: null,
      brand: 'Prestige',
      images: ['https://img.example/a.jpg'],
      descriptions: [{ title: 'Highlights', content: 'One litre.' }],
      variantGroup: null,
      saleStartAt: null,
      saleEndAt: null,
    });
  });
  it('reads sale times typed as dd/mm/yyyy hh:mm in Indian time, and shows them so', () => {
    expect(saleTimeToIso('27/11/2026 00:00')).toBe('2026-11-26T18:30:00.000Z');
    expect(saleTimeToIso('5/1/2027 9:05')).toBe('2027-01-05T03:35:00.000Z');
    expect(isoToSaleTime('2026-11-26T18:30:00.000Z')).toBe('27/11/2026 00:00');
    expect(saleTimeToIso('')).toBeNull();
    expect(maskDateTimeText('271120261830')).toBe('27/11/2026 18:30');
    expect(maskDateTimeText('27/11/2026 1')).toBe('27/11/2026 1');
    expect(readDateTimeText('27/11/2026')).toEqual({ kind: 'invalid', message: 'Enter the time as hh:mm, from 00:00 to 23:59' });
    expect(readDateTimeText('27/11/2026 24:00')).toEqual({ kind: 'invalid', message: 'Enter the time as hh:mm, from 00:00 to 23:59' });
    expect(readDateTimeText('31/11/2026 10:00')).toEqual({ kind: 'invalid', message: 'Enter the date and time as dd/mm/yyyy hh:mm' });
  });
  it("refuses a sale window that ends before it starts, in the catalog's words", () => {
    const errors = validateDraft({ ...emptyDraft(), saleStartAt: '27/11/2026 10:00', saleEndAt: '27/11/2026 09:59' }, []);
    expect(errors.saleEndAt).toBe(SALE_END_MESSAGE);
    expect(validateDraft({ ...emptyDraft(), saleStartAt: '27/11/2026 1' }, []).saleStartAt).toBe(
      'Enter the time as hh:mm, from 00:00 to 23:59',
    );
  });
  it('previews 90 characters of the description', () => {
    expect(descriptionPreview({ descriptions: [{ title: 'About', content: 'x'.repeat(120) }] })).toBe(`${'x'.repeat(90)}...`);
    expect(descriptionPreview({ descriptions: [{ title: 'About', content: 'Short' }] })).toBe('Short');
  });
});
