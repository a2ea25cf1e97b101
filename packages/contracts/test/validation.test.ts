import { describe, expect, it } from 'vitest';
import {
  ageOn,
  calendarDateSchema,
  countOf,
  dateOfBirthSchema,
  dateRangeQuerySchema,
  giveawayAnswersCorrect,
  gstinSchema,
  isValidGstin,
  normaliseIndianMobile,
  orderPayloadSchema,
  pincodeSchema,
  todayInIndia,
  updateProfileSchema,
  wishListSchema,
} from '../src/index.js';

describe('GSTIN', () => {
  it.each(['27AAPFU0939F1ZV', '27AAFCN5072P1ZV', '07AAPFU0939F1ZX', '29AABCT1332L1ZA'])('accepts %s', (gstin) => {
    expect(isValidGstin(gstin)).toBe(true);
  });

  it.each([
    ['07AAAAA0000A1Z8', 'wrong check character and a zero PAN serial'],
    ['27AAPFU0939F1ZW', 'wrong check character'],
    ['29ABCDE1234F1Z5', 'wrong check character'],
    ['00AAPFU0939F1ZV', 'no such state'],
    ['27AAPFU0939F0ZV', 'entity number 0'],
    ['27AAPFU0939F1XV', 'no Z in the 14th place'],
    ['27AAPFU0939F1Z', 'too short'],
  ])('refuses %s (%s)', (gstin) => {
    expect(isValidGstin(gstin)).toBe(false);
  });

  it('normalises case and spaces before checking', () => {
    expect(gstinSchema.parse(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
  });
});

describe('Indian mobile numbers', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['+91-98765-43210', '9876543210'],
    ['919876543210', '9876543210'],
    ['00919876543210', '9876543210'],
    ['09876543210', '9876543210'],
    ['6000000000', '6000000000'],
  ])('%s becomes %s', (input, expected) => {
    expect(normaliseIndianMobile(input)).toBe(expected);
  });

  it.each(['5876543210', '987654321', '98765432101', '+1 202 555 0101', 'abcdefghij', ''])('refuses %s', (input) => {
    expect(normaliseIndianMobile(input)).toBeUndefined();
  });
});

describe('pincodes', () => {
  it('accepts six digits not starting with 0, as a number or a string', () => {
    expect(pincodeSchema.parse(403001)).toBe('403001');
    expect(pincodeSchema.parse(' 560001 ')).toBe('560001');
  });
  it.each([['012345'], [12345], ['40300'], ['4030011'], ['40300a'], [403001.5]])('refuses %s', (input) => {
    expect(pincodeSchema.safeParse(input).success).toBe(false);
  });
});

describe('dates of birth', () => {
  it('computes age on Indian calendar dates', () => {
    expect(ageOn('2000-06-15', '2026-06-14')).toBe(25);
    expect(ageOn('2000-06-15', '2026-06-15')).toBe(26);
    expect(todayInIndia(new Date('2026-11-21T19:00:00Z'))).toBe('2026-11-22');
  });

  it('accepts a real past date for someone at least 13', () => {
    expect(dateOfBirthSchema.safeParse('1995-02-28').success).toBe(true);
  });

  it.each([
    ['1995-02-30', 'must be a real date'],
    ['2099-01-01', 'must be in the past'],
    ['not-a-date', 'must be a date'],
    ['1890-01-01', 'too far in the past'],
  ])('refuses %s', (input, message) => {
    const result = dateOfBirthSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });

  it('refuses children under 13', () => {
    const [y, m, d] = todayInIndia().split('-').map(Number) as [number, number, number];
    const twelve = `${y - 12}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    expect(dateOfBirthSchema.safeParse(twelve).error?.issues[0]?.message).toBe('You must be at least 13 years old');
  });
});

describe('Need and Greed lists', () => {
  it('trims, drops empty items and duplicates (ignoring case)', () => {
    expect(wishListSchema.parse(['  Laptop ', '', 'laptop', 'Running  shoes', 'Phone'])).toEqual(['Laptop', 'Running shoes', 'Phone']);
    expect(wishListSchema.parse('Laptop, Phone ,, Watch')).toEqual(['Laptop', 'Phone', 'Watch']);
  });
  it('holds at most 5 items of at most 100 characters', () => {
    expect(wishListSchema.safeParse(['a', 'b', 'c', 'd', 'e', 'f']).success).toBe(false);
    expect(wishListSchema.safeParse(['x'.repeat(101)]).success).toBe(false);
  });
});

describe('update-profile bodies', () => {
  it.each([
    { gender: 'female', dob: '1990-01-01', firstname: 'Asha', lastname: 'Rao', mobile: '9876543210', email: 'asha@example.in' },
    { profession: 'student', subscriptionType: 'Save' },
    { subscriptionType: 'Splurge', profession: 'business', gst: '27AAPFU0939F1ZV' },
    { needList: ['Laptop', 'Phone', 'Shoes'], greedList: [] },
    { address: '12 MG Road, Panaji', pincode: 403001, professionAddress: '12 MG Road, Panaji' },
    { pincode: 403001 },
    { address: '12 MG Road, Panaji', pincode: 403001 },
  ])('accepts the spec form %o', (body) => {
    expect(updateProfileSchema.safeParse(body).success).toBe(true);
  });

  it('refuses an empty body and unknown fields', () => {
    expect(updateProfileSchema.safeParse({}).success).toBe(false);
    expect(updateProfileSchema.safeParse({ isAdmin: true }).success).toBe(false);
  });
});

describe('giveaway answers', () => {
  const entry = (q1: string, q2: string, q3: string) => ({
    q1: { question: 'Q1', answer: q1 },
    q2: { question: 'Q2', answer: q2 },
    q3: { question: 'Q3', answer: q3 },
  });
  it('passes only with all three correct answers', () => {
    expect(
      giveawayAnswersCorrect(
        entry('Most organized consumer community in the world', "Discover deals based on person's preference", 'Save & Splurge'),
      ),
    ).toBe(true);
    expect(
      giveawayAnswersCorrect(
        entry('Most organized consumer community in the world', "Discover deals based on person's preference", 'Buy & Sell'),
      ),
    ).toBe(false);
  });
});

describe('calendar dates in queries and forms', () => {
  const start = calendarDateSchema('Start date');
  const messageOf = (value: unknown) => start.safeParse(value).error?.issues.map((issue) => issue.message);

  it.each(['2026-01-31', '2024-02-29', '2000-01-01', '2099-12-31'])('takes %s', (value) => {
    expect(start.parse(value)).toBe(value);
  });

  it.each([
    ['2026-01-32', 'no 32nd day'],
    ['2026-02-30', 'no 30 February (Date would make it 2 March)'],
    ['2025-02-29', 'not a leap year'],
    ['2020-13-45', 'no 13th month'],
    ['2026-00-10', 'no month 0'],
    ['2026-1-5', 'not YYYY-MM-DD'],
    ['31/01/2026', 'not YYYY-MM-DD'],
    ['', 'empty'],
  ])('refuses %s (%s) with one sentence about the date', (value) => {
    expect(messageOf(value)).toEqual(['Start date must be a real date, written as YYYY-MM-DD (for example 2026-01-31)']);
  });

  it.each(['9999-12-31', '1999-12-31', '2100-01-01'])('refuses %s, a real date outside 2000-2099', (value) => {
    expect(messageOf(value)).toEqual(['Start date must be between 2000-01-01 and 2099-12-31']);
  });

  it('reads an empty filter as no filter', () => {
    expect(dateRangeQuerySchema.parse({ startDate: '', endDate: '2026-03-10' })).toEqual({ endDate: '2026-03-10' });
    expect(dateRangeQuerySchema.safeParse({ startDate: '2026-02-30' }).success).toBe(false);
  });
});

describe('counts in messages', () => {
  it.each([
    [1, 'minute', '1 minute'],
    [15, 'minute', '15 minutes'],
    [0, 'minute', '0 minutes'],
    [1, 'second', '1 second'],
    [2, 'entry', '2 entries', 'entries'],
  ] as const)('writes %s %s as "%s"', (count, unit, expected, units?: string) => {
    expect(countOf(count, unit, units)).toBe(expected);
  });
});

describe("the order form's payer fields, within what the payment gateway keeps", () => {
  const address = { name: 'Asha Rao', phone: '9876543210', address: '12 MG Road', city: 'Panaji', state: 'Goa', pincode: '403001' };
  const order = {
    customer_email: 'asha@example.in',
    customer_phone: '9876543210',
    first_name: 'Asha',
    last_name: 'Rao',
    product_id: 'p1',
    shipping_address: address,
  };
  const firstMessage = (body: Record<string, unknown>) => orderPayloadSchema.safeParse(body).error?.issues[0];

  it('takes an email and a name of 100 characters', () => {
    expect(orderPayloadSchema.safeParse({ ...order, customer_email: `${'a'.repeat(88)}@example.in` }).success).toBe(true);
    expect(orderPayloadSchema.safeParse({ ...order, first_name: 'A'.repeat(50), last_name: 'R'.repeat(49) }).success).toBe(true);
  });

  it('refuses an email over 100 characters with a sentence on the email', () => {
    expect(firstMessage({ ...order, customer_email: `${'a'.repeat(90)}@example.in` })).toMatchObject({
      path: ['customer_email'],
      message: 'Email must be at most 100 characters',
    });
  });

  it('refuses a full name over 100 characters with a sentence on the name', () => {
    expect(firstMessage({ ...order, first_name: 'A'.repeat(50), last_name: 'R'.repeat(50) })).toMatchObject({
      path: ['last_name'],
      message: 'First and last name together must be at most 99 characters',
    });
    expect(firstMessage({ ...order, first_name: 'A'.repeat(101) })?.message).toBe('First name must be at most 100 characters');
  });
});
