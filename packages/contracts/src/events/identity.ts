import { z } from 'zod';
import { GENDERS, PERSONAS, PROFESSIONS } from '../api/member-fields.js';
import { defineEvent, EventRegistry } from './define.js';

const memberId = z.uuid();

export const MemberRegistered = defineEvent({
  type: 'MemberRegistered',
  version: 1,
  schema: z.object({
    memberId,
    memberNumber: z.number().int().positive(),
    email: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    profileImage: z.string().nullable(),
    identityProvider: z.object({ issuer: z.string(), subject: z.string() }),
    invitationCode: z.string().nullable(),
  }),
});

/** Each profile event carries the whole group after the change, so a reader needs no earlier event to show it. */
export const PersonalDetailsUpdated = defineEvent({
  type: 'PersonalDetailsUpdated',
  version: 1,
  schema: z.object({
    memberId,
    gender: z.enum(GENDERS).nullable(),
    dob: z.string().nullable(),
    firstname: z.string(),
    lastname: z.string(),
    mobile: z.string().nullable(),
    email: z.string(),
  }),
});

export const PersonaChosen = defineEvent({
  type: 'PersonaChosen',
  version: 1,
  schema: z.object({
    memberId,
    profession: z.enum(PROFESSIONS).nullable(),
    subscriptionType: z.enum(PERSONAS).nullable(),
    gst: z.string(),
  }),
});

export const ListsUpdated = defineEvent({
  type: 'ListsUpdated',
  version: 1,
  schema: z.object({ memberId, needList: z.array(z.string()), greedList: z.array(z.string()) }),
});

export const ShippingDetailsUpdated = defineEvent({
  type: 'ShippingDetailsUpdated',
  version: 1,
  schema: z.object({
    memberId,
    address: z.string().nullable(),
    professionAddress: z.string().nullable(),
    pincode: z.string().nullable(),
    // Added later (a member edits them on the account page); events recorded before carry neither.
    city: z.string().nullable().optional(),
    state: z.string().nullable().optional(),
  }),
});

/**
 * A member whose pincode deliveries have not reached yet asked to be told when they do. Only recorded for now: the
 * mail that would answer it is future work (docs/decisions/0116).
 */
export const DeliveryAreaNotifyRequested = defineEvent({
  type: 'DeliveryAreaNotifyRequested',
  version: 1,
  schema: z.object({ memberId, pincode: z.string() }),
});

export const WallVisibilityChanged = defineEvent({
  type: 'WallVisibilityChanged',
  version: 1,
  schema: z.object({ memberId, hidden: z.boolean() }),
});

export const GiveawayEntered = defineEvent({
  type: 'GiveawayEntered',
  version: 1,
  schema: z.object({
    memberId,
    passed: z.boolean(),
    answers: z.record(z.string(), z.object({ question: z.string(), answer: z.string() })),
  }),
});

const giveawayPrize = z.object({
  slot: z.number().int(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  productId: z.string().nullable(),
});

/** An operator set the twelve prizes (the actor is in the metadata); product prizes carry the product as it was. */
export const GiveawayPrizesSet = defineEvent({
  type: 'GiveawayPrizesSet',
  version: 1,
  schema: z.object({ prizes: z.array(giveawayPrize) }),
});

/**
 * The winners were drawn: enough to verify the draw (docs/decisions/0019). Anyone holding the seed and the ordered
 * list of members who passed (its SHA-256 is `entrantsDigest`) can run `method` and get the same winners.
 */
export const GiveawayDrawn = defineEvent({
  type: 'GiveawayDrawn',
  version: 1,
  schema: z.object({
    seed: z.string(),
    method: z.string(),
    entrantCount: z.number().int(),
    entrantsDigest: z.string(),
    winners: z.array(z.object({ slot: z.number().int(), memberId, prize: z.string() })),
  }),
});

const inviter = z.object({ kind: z.enum(['member', 'admin']), id: z.string() });

export const InvitationCreated = defineEvent({
  type: 'InvitationCreated',
  version: 1,
  schema: z.object({ code: z.string(), createdBy: inviter, expiresAt: z.string() }),
});

export const InvitationRedeemed = defineEvent({
  type: 'InvitationRedeemed',
  version: 1,
  schema: z.object({ code: z.string(), memberId }),
});

export const ContactMessageReceived = defineEvent({
  type: 'ContactMessageReceived',
  version: 1,
  schema: z.object({
    messageId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    option: z.enum(['brand', 'campus', 'query']),
    message: z.string(),
  }),
});

export const identityEvents = new EventRegistry('identity', [
  MemberRegistered,
  PersonalDetailsUpdated,
  PersonaChosen,
  ListsUpdated,
  ShippingDetailsUpdated,
  DeliveryAreaNotifyRequested,
  WallVisibilityChanged,
  GiveawayEntered,
  GiveawayPrizesSet,
  GiveawayDrawn,
  InvitationCreated,
  InvitationRedeemed,
  ContactMessageReceived,
]);
