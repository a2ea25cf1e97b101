import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from '../events/payments.js';
import { indianStateNamed } from '../india-states.js';
import { dateOfBirthSchema, gstinSchema, indianMobileSchema, pincodeSchema } from '../validation/india.js';
import {
  GENDERS,
  LIST_ITEM_COMMA_MESSAGE,
  LIST_ITEM_MAX_LENGTH,
  LIST_SLOTS,
  listItemHasComma,
  PERSONAS,
  PROFESSIONS,
} from './member-fields.js';

/**
 * A Need or Greed list: an array, or the comma-separated string the profile carries. Items are trimmed, empty ones
 * dropped, duplicates (ignoring case) removed; at most 5 items of at most 100 characters each. An item sent in an
 * array may not hold a comma: the profile gives lists back comma-separated, so "Scooter, electric" would return as
 * two items (docs/decisions/0116). In the string form a comma separates items, as the spec has it.
 */
export const wishListSchema = z
  .union([z.array(z.string().max(1000)).max(50), z.string().max(5000)])
  .superRefine((value, ctx) => {
    if (!Array.isArray(value)) return;
    value.forEach((item, index) => {
      if (listItemHasComma(item)) ctx.addIssue({ code: 'custom', message: LIST_ITEM_COMMA_MESSAGE, path: [index] });
    });
  })
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

export const PERSON_NAME_MAX_LENGTH = 50;
/** Letters (any script) first, then letters, spaces, dots, apostrophes and hyphens: nothing a spreadsheet or a page runs. */
export const PERSON_NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u;

/** A first or last name as the profile takes it; names an identity provider hands over at registration meet it too. */
export const personNameSchema = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(PERSON_NAME_MAX_LENGTH, `${label} must be at most ${PERSON_NAME_MAX_LENGTH} characters`)
    .regex(PERSON_NAME_PATTERN, `${label} may contain letters, spaces, dots, apostrophes and hyphens`);

const address = (label: string) => z.string().trim().min(1, `${label} is required`).max(500, `${label} must be at most 500 characters`);

/** Step 02's own words (spec section 8): the persona goes with the profession, in both of its body forms. */
export const PERSONA_REQUIRED_MESSAGE = 'Please select a subscription type before submitting.';

/** A state or union territory of India, however it is written ("goa"), kept under its official name. */
const indianStateSchema = z
  .string()
  .max(100)
  .transform((value, ctx) => {
    const name = indianStateNamed(value);
    if (name) return name;
    ctx.addIssue({ code: 'custom', message: 'Please choose a state of India from the list.' });
    return z.NEVER;
  });

/**
 * `POST /user/update-profile`: the spec's seven body forms ({gender,dob,firstname,lastname,mobile,email};
 * {profession,subscriptionType}; {subscriptionType,profession,gst}; {needList,greedList};
 * {address,pincode,professionAddress}; {pincode}; {address,pincode}) are each a set of these fields. Any non-empty
 * set is accepted; each field is checked by its own rule, and a profession or GSTIN comes only with the persona.
 * This product's additions: `hideFromWall`; `city` and `state` beside the shipping address (the order form reads
 * them); `deliveryAreaNotify`, a member outside the delivery areas asking to be told when deliveries reach them.
 */
export const updateProfileSchema = z
  .strictObject({
    gender: z.enum(GENDERS, { error: 'Gender must be male, female or others' }),
    dob: dateOfBirthSchema,
    firstname: personNameSchema('First name'),
    lastname: personNameSchema('Last name'),
    mobile: indianMobileSchema,
    email: z.string().trim().toLowerCase().max(254).pipe(z.email('Email must be a valid email address')),
    profession: z.enum(PROFESSIONS, { error: 'Profession must be student, professional, startup, business or institution' }),
    subscriptionType: z.enum(PERSONAS, { error: 'Subscription type must be Save or Splurge' }),
    gst: z.union([z.literal(''), gstinSchema]),
    needList: wishListSchema,
    greedList: wishListSchema,
    address: address('Shipping address'),
    professionAddress: address('Billing address'),
    city: z.string().trim().min(1, 'City is required').max(100, 'City must be at most 100 characters'),
    state: indianStateSchema,
    pincode: pincodeSchema,
    hideFromWall: z.boolean(),
    deliveryAreaNotify: z.literal(true, { error: 'Asking to hear when deliveries reach your area takes the value true.' }),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update')
  // Both of the spec's step-02 bodies carry the persona ({profession,subscriptionType} and
  // {subscriptionType,profession,gst}): a profession or GSTIN sent without it is a step 02 left unanswered.
  .superRefine((body, ctx) => {
    if (('profession' in body || 'gst' in body) && body.subscriptionType === undefined) {
      ctx.addIssue({ code: 'custom', message: PERSONA_REQUIRED_MESSAGE, path: ['subscriptionType'] });
    }
  });

export type UpdateProfileRequest = z.output<typeof updateProfileSchema>;

/** Which of onboarding's four steps a member has done, and whether all are. */
export const onboardingProgressSchema = z.object({
  personalDetails: z.boolean(),
  spendType: z.boolean(),
  myLists: z.boolean(),
  shippingInfo: z.boolean(),
  complete: z.boolean(),
});
export type OnboardingProgress = z.output<typeof onboardingProgressSchema>;

/** A member's subscription as the profile shows it: one of payments' statuses, or none for a member who never subscribed. */
export const MEMBER_SUBSCRIPTION_STATUSES = [...SUBSCRIPTION_STATUSES, 'none'] as const;
export type SubscriptionStatus = (typeof MEMBER_SUBSCRIPTION_STATUSES)[number];

/** The profile as `POST /user/get-profile` returns it (`data[0]`). Lists are comma-separated strings, as the spec has them. */
export const profileSchema = z.object({
  id: z.string(),
  member_number: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  gender: z.enum(GENDERS).nullable(),
  dob: z.string().nullable(),
  mobile: z.string().nullable(),
  /** The confirmed contact address: where the product mails the member. Signing in never reads it. */
  email: z.string(),
  /**
   * A new contact address waiting for the member to open the confirmation link mailed to it (this product's
   * addition); null when none is waiting.
   */
  pendingEmail: z.string().nullable().optional(),
  /** A new mobile number waiting for the link texted to it (issue 34: a changed mobile is proven as an email is); null when none. */
  pendingMobile: z.string().nullable().optional(),
  address: z.string().nullable(),
  /** The shipping address's city and state (this product's addition; the order form prefills from them). */
  city: z.string().nullable(),
  state: z.string().nullable(),
  professionAddress: z.string().nullable(),
  pincode: z.number().int().nullable(),
  /** The pincode a member outside the delivery areas asked to be told about, while it is still their pincode; else null. */
  deliveryAreaNotifyPincode: z.number().int().nullable(),
  profession: z.enum(PROFESSIONS).nullable(),
  subscriptionType: z.enum(PERSONAS).nullable(),
  needList: z.string(),
  greedList: z.string(),
  gst: z.string(),
  subscription_status: z.enum(MEMBER_SUBSCRIPTION_STATUSES),
  profile_image: z.string().nullable(),
  hideFromWall: z.boolean(),
  onboarding: onboardingProgressSchema,
  created_at: z.string(),
});
export type Profile = z.output<typeof profileSchema>;

/** `POST /user/login`: an OpenID Connect ID token. The spec's `user` object may come along but is never trusted. */
export const loginRequestSchema = z.strictObject({
  credential: z.string({ error: 'A sign-in credential is required' }).min(20, 'A sign-in credential is required').max(8192),
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
