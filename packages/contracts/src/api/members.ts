import { z } from 'zod';
import { dateOfBirthSchema, gstinSchema, indianMobileSchema, pincodeSchema } from '../validation/india.js';
import {
  GENDERS,
  type Gender,
  LIST_ITEM_MAX_LENGTH,
  LIST_SLOTS,
  PERSONAS,
  type Persona,
  PROFESSIONS,
  type Profession,
} from './member-fields.js';

/**
 * A Need or Greed list: an array, or the comma-separated string the profile carries. Items are trimmed, empty ones
 * dropped, duplicates (ignoring case) removed; at most 5 items of at most 100 characters each.
 */
export const wishListSchema = z
  .union([z.array(z.string().max(1000)).max(50), z.string().max(5000)])
  .transform((value) => (typeof value === 'string' ? value.split(',') : value))
  .transform((items) => {
    const seen = new Set<string>();
    const out: string[] = [];
    for (const raw of items) {
      const item = raw.trim().replace(/\s+/g, ' ');
      if (!item || seen.has(item.toLowerCase())) continue;
      seen.add(item.toLowerCase());
      out.push(item);
    }
    return out;
  })
  .refine(
    (items) => items.every((item) => item.length <= LIST_ITEM_MAX_LENGTH),
    `Each list item must be at most ${LIST_ITEM_MAX_LENGTH} characters`,
  )
  .refine((items) => items.length <= LIST_SLOTS, `A list holds at most ${LIST_SLOTS} items`);

const personName = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(50, `${label} must be at most 50 characters`)
    .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u, `${label} may contain letters, spaces, dots, apostrophes and hyphens`);

const address = (label: string) => z.string().trim().min(1, `${label} is required`).max(500, `${label} must be at most 500 characters`);

/**
 * `POST /user/update-profile`: the spec's seven body forms ({gender,dob,firstname,lastname,mobile,email};
 * {profession,subscriptionType}; {subscriptionType,profession,gst}; {needList,greedList};
 * {address,pincode,professionAddress}; {pincode}; {address,pincode}) are each a set of these fields. Any non-empty
 * set is accepted; each field is checked by its own rule. `hideFromWall` is this product's addition.
 */
export const updateProfileSchema = z
  .strictObject({
    gender: z.enum(GENDERS, { error: 'Gender must be male, female or others' }),
    dob: dateOfBirthSchema,
    firstname: personName('First name'),
    lastname: personName('Last name'),
    mobile: indianMobileSchema,
    email: z.string().trim().toLowerCase().max(254).pipe(z.email('Email must be a valid email address')),
    profession: z.enum(PROFESSIONS, { error: 'Profession must be student, professional, startup, business or institution' }),
    subscriptionType: z.enum(PERSONAS, { error: 'Subscription type must be Save or Splurge' }),
    gst: z.union([z.literal(''), gstinSchema]),
    needList: wishListSchema,
    greedList: wishListSchema,
    address: address('Shipping address'),
    professionAddress: address('Billing address'),
    pincode: pincodeSchema,
    hideFromWall: z.boolean(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update');

export type UpdateProfileRequest = z.output<typeof updateProfileSchema>;

export interface OnboardingProgress {
  personalDetails: boolean;
  spendType: boolean;
  myLists: boolean;
  shippingInfo: boolean;
  complete: boolean;
}

export type SubscriptionStatus = 'active' | 'pending' | 'expired' | 'failed' | 'cancelled' | 'revoked' | 'none';

/** The profile as `POST /user/get-profile` returns it (`data[0]`). Lists are comma-separated strings, as the spec has them. */
export interface Profile {
  id: string;
  member_number: number;
  firstname: string;
  lastname: string;
  gender: Gender | null;
  dob: string | null;
  mobile: string | null;
  email: string;
  address: string | null;
  professionAddress: string | null;
  pincode: number | null;
  profession: Profession | null;
  subscriptionType: Persona | null;
  needList: string;
  greedList: string;
  gst: string;
  subscription_status: SubscriptionStatus;
  profile_image: string | null;
  hideFromWall: boolean;
  onboarding: OnboardingProgress;
  created_at: string;
}

/** `POST /user/login`: an OpenID Connect ID token. The spec's `user` object may come along but is never trusted. */
export const loginRequestSchema = z.strictObject({
  credential: z.string().min(20, 'A sign-in credential is required').max(8192),
  invitation_code: z
    .string()
    .trim()
    .regex(/^[A-Z2-9]{10}$/i, 'Invitation code is not valid')
    .transform((code) => code.toUpperCase())
    .optional(),
  user: z
    .object({ name: z.string().optional(), email: z.string().optional(), id: z.string().optional(), profile_image: z.string().optional() })
    .partial()
    .optional(),
});

export const welcomeEmailRequestSchema = z.strictObject({
  email: z.string().max(254).optional(),
  name: z.string().max(200).optional(),
});
