import { databaseAvailable, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inParallel } from '../src/store/parallel.js';
import { startAdminBff } from './helpers.js';

/** Every back-office list and figure that takes the date filters. */
const DATED = [
  '/admin/payments',
  '/admin/payments/stats',
  '/admin/payments/timeouts',
  '/admin/product-orders',
  '/admin/product-orders/stats',
  '/admin/subscriptions',
  '/admin/subscriptions/stats',
];

/** Each with the sentence it must be answered with. */
const IMPOSSIBLE = {
  '2026-01-32': 'must be a real date',
  // Date.parse would read it as 2 March: it must be refused, not moved.
  '2026-02-30': 'must be a real date',
  '2020-13-45': 'must be a real date',
  '2025-00-10': 'must be a real date',
  '31/01/2026': 'must be a real date',
  '9999-12-31': 'must be between 2000-01-01 and 2099-12-31',
};

describe('the date filters of the back-office lists', () => {
  const available = databaseAvailable('pglite');
  let harness: ServiceHarness;
  let admin: { token: string };
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    if (!available) return;
    ({ harness, admin } = await startAdminBff('pglite'));
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await harness?.close();
  });

  it.runIf(available)('refuses a date that does not exist, or lies outside 2000-2099, with 400 and a sentence saying so', async () => {
    const wrong: string[] = [];
    for (const path of DATED) {
      for (const key of ['startDate', 'endDate']) {
        for (const [value, says] of Object.entries(IMPOSSIBLE)) {
          const { status, body } = await harness.json<{ message: string }>(`${path}?${key}=${encodeURIComponent(value)}`, {
            token: admin.token,
          });
          const label = key === 'startDate' ? 'Start date' : 'End date';
          if (status !== 400 || !body.message.includes(`${label} ${says}`))
            wrong.push(`${path}?${key}=${value}: ${status} ${body.message}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // A failure inside a request must never escape it: one did, and it ended the whole product's process.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(unhandled).toEqual([]);
  });

  it.runIf(available)('takes real dates, a leap day, and an empty filter as no filter', async () => {
    for (const path of DATED) {
      for (const query of ['startDate=2024-02-29&endDate=2024-03-01', 'startDate=&endDate=', 'startDate=2000-01-01&endDate=2099-12-31']) {
        const { status } = await harness.json(`${path}?${query}`, { token: admin.token });
        expect(status, `${path}?${query}`).toBe(200);
      }
    }
  });
});

describe('inParallel', () => {
  it('answers every step in order', async () => {
    expect(
      await inParallel(
        async () => 1,
        async () => 'two',
      ),
    ).toEqual([1, 'two']);
  });

  it('leaves no step running unobserved when a later one throws while it is being built', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      let firstSettled = false;
      // The first query fails a moment after it has started, as a query given an Invalid Date does.
      const first = () =>
        new Promise<number>((_, reject) =>
          setTimeout(() => {
            firstSettled = true;
            reject(new Error('the first query failed'));
          }, 20),
        );
      const second = (): Promise<number> => {
        throw new RangeError('Invalid time value');
      };
      // The first failure in the order of the steps is the one thrown, and only once every step has finished.
      await expect(inParallel(first, second)).rejects.toThrow('the first query failed');
      expect(firstSettled).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
