import { z } from 'zod';

/**
 * Who pays, as the payment gateway takes it: Cashfree keeps a customer's email and name in at most 100 characters
 * each (CustomerDetails in its 2025-01-01 document). The forms that send them check that here, at the edge, so the
 * member reads which field is too long instead of a gateway refusal that no retry can cure.
 */
export const PAYER_FIELD_MAX = 100;

export const PAYER_EMAIL_TOO_LONG = `Email must be at most ${PAYER_FIELD_MAX} characters`;

export const payerEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(PAYER_FIELD_MAX, PAYER_EMAIL_TOO_LONG)
  .pipe(z.email('Email must be a valid email address'));

/** The gateway's name is the first and last name with a space between them. */
export const payerNameFits = (first: string, last: string): boolean => `${first} ${last}`.length <= PAYER_FIELD_MAX;

export const PAYER_NAME_TOO_LONG = `First and last name together must be at most ${PAYER_FIELD_MAX - 1} characters`;
