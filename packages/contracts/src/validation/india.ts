import { z } from 'zod';
import { todayInIndia } from '../india-time.js';

/** Indian mobile numbers: 10 digits starting 6-9, with +91, 91, 0091 or 0 in front allowed; stored as 10 digits. */
export function normaliseIndianMobile(input: string): string | undefined {
  let digits = input.replace(/[\s()-]/g, '');
  if (digits.startsWith('+91')) digits = digits.slice(3);
  else if (digits.startsWith('0091')) digits = digits.slice(4);
  else if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^[6-9]\d{9}$/.test(digits) ? digits : undefined;
}

export const indianMobileSchema = z
  .string()
  .max(20, 'Mobile must be a 10-digit Indian mobile number')
  .transform((value, ctx) => {
    const normalised = normaliseIndianMobile(value);
    if (!normalised) {
      ctx.addIssue({ code: 'custom', message: 'Mobile must be a 10-digit Indian mobile number starting with 6, 7, 8 or 9' });
      return z.NEVER;
    }
    return normalised;
  });

/** Six digits, not starting with 0. Accepted as a number (the spec sends one) or a string. */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;
export const pincodeSchema = z
  .union([z.number().int(), z.string().trim()])
  .transform((value) => String(value))
  .refine((value) => PINCODE_PATTERN.test(value), 'Pincode must be 6 digits and cannot start with 0');

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
// State codes 01-38, plus 97 (Other Territory); PAN holder types as issued.
const GSTIN_SHAPE = /^(0[1-9]|[12]\d|3[0-8]|97)[A-Z]{3}[ABCFGHLJPTK][A-Z]\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The 15th character of a GSTIN: Luhn mod 36 over the first 14. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_ALPHABET.indexOf(first14[i] as string) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36] as string;
}

export function isValidGstin(value: string): boolean {
  return GSTIN_SHAPE.test(value) && value.slice(7, 11) !== '0000' && gstinCheckCharacter(value.slice(0, 14)) === value[14];
}

/** What is wrong with a GSTIN, in words for the person who typed it; undefined when it is valid. */
export const GSTIN_MESSAGES = {
  length: 'A GSTIN has 15 characters. Please enter all of them.',
  shape: 'This GSTIN is not in the right form: 2 digits for the state, the 10-character PAN, then 3 more characters.',
  checkDigit: "This GSTIN's check digit is wrong. Please check it against your GST registration certificate.",
} as const;

export function gstinProblem(value: string): string | undefined {
  if (value.length !== 15) return GSTIN_MESSAGES.length;
  if (!GSTIN_SHAPE.test(value) || value.slice(7, 11) === '0000') return GSTIN_MESSAGES.shape;
  if (gstinCheckCharacter(value.slice(0, 14)) !== value[14]) return GSTIN_MESSAGES.checkDigit;
  return undefined;
}

// One sentence per way a GSTIN can be wrong: a typo in the last character and a number that is not a GSTIN at all
// need different fixes.
export const gstinSchema = z
  .string()
  .trim()
  .toUpperCase()
  .superRefine((value, ctx) => {
    const problem = gstinProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export const MINIMUM_MEMBER_AGE = 13;

/** A real calendar date in the past, for someone aged 13 to 120 (the privacy policy excludes children under 13). */
export const dateOfBirthSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date of birth must be a date (YYYY-MM-DD)')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'Date of birth must be a real date')
  .refine((value) => value < todayInIndia(), 'Date of birth must be in the past')
  .refine((value) => ageOn(value, todayInIndia()) >= MINIMUM_MEMBER_AGE, `You must be at least ${MINIMUM_MEMBER_AGE} years old`)
  .refine((value) => ageOn(value, todayInIndia()) <= 120, 'Date of birth is too far in the past');
