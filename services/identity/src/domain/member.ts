import {
  type EventsOf,
  type Gender,
  GST_PROFESSIONS,
  type identityEvents,
  NEED_LIST_MINIMUM_MESSAGE,
  normaliseIndianMobile,
  ONBOARDING_NEED_LIST_MINIMUM,
  type OnboardingProgress,
  PERSON_NAME_MAX_LENGTH,
  type Persona,
  type Profession,
  personNameSchema,
  type UpdateProfileRequest,
} from '@elts/contracts';
import { type Decider, type Recorded, type Refusal, refusal, refuse, type StoredEvent } from '@elts/platform';

/** A member as its own events tell it: the state every profile decision is made from. */
export interface MemberState {
  id: string;
  number: number;
  /** The address the identity provider verified at registration; sign-in and early access go by it, and it never changes. */
  signInEmail: string;
  /** The confirmed contact address, where mail goes; the member may change it through a confirmation link. */
  email: string;
  firstname: string;
  lastname: string;
  gender: Gender | null;
  dob: string | null;
  mobile: string | null;
  profession: Profession | null;
  subscriptionType: Persona | null;
  gst: string;
  needList: string[];
  greedList: string[];
  address: string | null;
  city: string | null;
  state: string | null;
  professionAddress: string | null;
  pincode: string | null;
  /** The pincode the member last asked to be told about when deliveries reach it. */
  deliveryNotifyPincode: string | null;
  hidden: boolean;
}

export const memberStream = (memberId: string) => `member-${memberId}`;

/** The events of identity's streams, typed by their contracts: a misspelt field in a decision or a fold does not compile. */
export type IdentityEvent = EventsOf<typeof identityEvents>;

/** The store decodes every event it reads through identity's registry, so the data is what the contract's type says. */
export function foldMember(events: readonly StoredEvent[]): MemberState | undefined {
  return (events as readonly Recorded<IdentityEvent>[]).reduce(evolveMember, undefined);
}

/** One event's change to a member. Each profile event carries its whole group, which replaces the member's. */
export function evolveMember(state: MemberState | undefined, event: IdentityEvent): MemberState | undefined {
  if (event.type === 'MemberRegistered') {
    const { data } = event;
    return {
      id: data.memberId,
      number: data.memberNumber,
      signInEmail: data.email,
      email: data.email,
      firstname: data.firstname,
      lastname: data.lastname,
      gender: null,
      dob: null,
      mobile: null,
      profession: null,
      subscriptionType: null,
      gst: '',
      needList: [],
      greedList: [],
      address: null,
      city: null,
      state: null,
      professionAddress: null,
      pincode: null,
      deliveryNotifyPincode: null,
      hidden: false,
    };
  }
  if (!state) return state;
  switch (event.type) {
    case 'WallVisibilityChanged':
      return { ...state, hidden: event.data.hidden };
    // Its pincode names the area asked about, not a change of the member's own pincode.
    case 'DeliveryAreaNotifyRequested':
      return { ...state, deliveryNotifyPincode: event.data.pincode };
    case 'PersonalDetailsUpdated':
    case 'PersonaChosen':
    case 'ListsUpdated': {
      const { memberId: _, ...group } = event.data;
      return { ...state, ...group };
    }
    case 'ShippingDetailsUpdated': {
      // Events recorded before the city and state were added carry neither: the member's stay.
      const { memberId: _, city, state: region, ...group } = event.data;
      return { ...state, ...group, ...(city === undefined ? {} : { city }), ...(region === undefined ? {} : { state: region }) };
    }
    default:
      return state;
  }
}

export function onboardingProgress(
  state: Pick<
    MemberState,
    'firstname' | 'lastname' | 'gender' | 'dob' | 'mobile' | 'email' | 'profession' | 'subscriptionType' | 'needList' | 'pincode'
  >,
): OnboardingProgress {
  const personalDetails = Boolean(state.firstname && state.lastname && state.gender && state.dob && state.mobile && state.email);
  const spendType = Boolean(state.profession && state.subscriptionType);
  const myLists = state.needList.length >= ONBOARDING_NEED_LIST_MINIMUM;
  const shippingInfo = Boolean(state.pincode);
  return { personalDetails, spendType, myLists, shippingInfo, complete: personalDetails && spendType && myLists && shippingInfo };
}

const changed = <K extends keyof MemberState>(request: UpdateProfileRequest, keys: K[]) => keys.some((key) => key in request);

export interface ProfileDecision {
  events: IdentityEvent[];
  /** A new contact address the member asked for: it waits for the link mailed to it, and no event carries it yet. */
  emailChange?: string;
  /** A new mobile in place of the member's own: it waits for the link texted to it (issue 34), as a new email does. */
  mobileChange?: string;
}

/**
 * Turns an update-profile request into the events it causes, each carrying its whole group after the change.
 * Rules that span fields or depend on the member's state live here: a business profession needs a GSTIN, and
 * during onboarding the Need list needs at least three items. A different email is not applied: whoever can
 * edit a profile must not be able to claim an address they cannot read (docs/decisions/0018). Nor is a mobile that
 * replaces the member's own (their shipping texts go there): the first one, given at onboarding, is taken as typed.
 */
export function decideProfileUpdate(state: MemberState, request: UpdateProfileRequest): ProfileDecision {
  const emailChange = request.email !== undefined && request.email !== state.email.toLowerCase() ? request.email : undefined;
  const ownMobile = state.mobile ? (normaliseIndianMobile(state.mobile) ?? state.mobile) : undefined;
  const mobileChange = request.mobile !== undefined && ownMobile && request.mobile !== ownMobile ? request.mobile : undefined;
  const next: MemberState = {
    ...state,
    ...withoutUndefined(request),
    email: state.email,
    mobile: mobileChange ? state.mobile : (request.mobile ?? state.mobile),
    pincode: request.pincode ?? state.pincode,
  };
  if ('hideFromWall' in request) next.hidden = request.hideFromWall as boolean;
  const events: IdentityEvent[] = [];
  const memberId = state.id;

  if (
    changed(request, ['gender', 'dob', 'firstname', 'lastname']) ||
    (request.mobile !== undefined && !mobileChange) ||
    (request.email !== undefined && !emailChange)
  ) {
    const { gender, dob, firstname, lastname, mobile, email } = next;
    events.push({ type: 'PersonalDetailsUpdated', data: { memberId, gender, dob, firstname, lastname, mobile, email } });
  }
  if (changed(request, ['profession', 'subscriptionType', 'gst'])) {
    if (next.profession && GST_PROFESSIONS.includes(next.profession) && !next.gst) {
      refuse('invalid', 'GST number is required for startups, businesses and institutions', [
        { path: 'gst', message: 'GST number is required' },
      ]);
    }
    const { profession, subscriptionType, gst } = next;
    events.push({ type: 'PersonaChosen', data: { memberId, profession, subscriptionType, gst } });
  }
  if (changed(request, ['needList', 'greedList'])) {
    const onboarding = state.needList.length < ONBOARDING_NEED_LIST_MINIMUM;
    if (onboarding && next.needList.length < ONBOARDING_NEED_LIST_MINIMUM) {
      refuse('invalid', NEED_LIST_MINIMUM_MESSAGE, [{ path: 'needList', message: `At least ${ONBOARDING_NEED_LIST_MINIMUM} items` }]);
    }
    events.push({ type: 'ListsUpdated', data: { memberId, needList: next.needList, greedList: next.greedList } });
  }
  if (changed(request, ['address', 'professionAddress', 'pincode', 'city', 'state'])) {
    const { address, professionAddress, pincode, city, state: region } = next;
    events.push({ type: 'ShippingDetailsUpdated', data: { memberId, address, professionAddress, pincode, city, state: region } });
  }
  if (request.deliveryAreaNotify) {
    // The wish is about the member's own pincode (a new one sent alongside counts); asked again, it is kept once.
    if (!next.pincode) {
      refuse('invalid', 'Add your pin code first, so we know which area to tell you about.', [
        { path: 'pincode', message: 'Add your pin code first, so we know which area to tell you about.' },
      ]);
    }
    if (next.pincode !== state.deliveryNotifyPincode) {
      events.push({ type: 'DeliveryAreaNotifyRequested', data: { memberId, pincode: next.pincode } });
    }
  }
  if ('hideFromWall' in request && request.hideFromWall !== state.hidden) {
    events.push({ type: 'WallVisibilityChanged', data: { memberId, hidden: next.hidden } });
  }
  return { events, ...(emailChange ? { emailChange } : {}), ...(mobileChange ? { mobileChange } : {}) };
}

/** The event that applies a confirmed contact (email or mobile): the whole personal group, as every profile event carries. */
export function contactConfirmed(state: MemberState, channel: 'email' | 'mobile', address: string): IdentityEvent {
  const { id: memberId, gender, dob, firstname, lastname, mobile, email } = state;
  const contact = channel === 'email' ? { mobile, email: address } : { mobile: address, email };
  return { type: 'PersonalDetailsUpdated', data: { memberId, gender, dob, firstname, lastname, ...contact } };
}

/** What a member's own command asks of their stream. */
export type MemberCommand =
  /** The member's profile form (or one of its parts). */
  | { kind: 'update-profile'; request: UpdateProfileRequest }
  /** A contact address whose link was opened (`address` undefined: the link was used or replaced meanwhile). */
  | { kind: 'confirm-contact'; channel: 'email' | 'mobile'; address: string | undefined };

/** A new email or mobile the member asked for: each waits for its link, which the command sends (no event carries it yet). */
export type ContactChanges = Pick<ProfileDecision, 'emailChange' | 'mobileChange'>;

const MEMBER_NOT_FOUND = refusal('not_found', 'Member not found');

/** A member's stream as a decider (docs/decisions/0163): the profile's rules, and a confirmed contact applied once. */
export const memberDecider: Decider<MemberState | undefined, MemberCommand, IdentityEvent, Refusal, ContactChanges> = {
  initialState: () => undefined,
  evolve: evolveMember,
  decide: (command, state) => {
    if (command.kind === 'confirm-contact') {
      const { channel, address } = command;
      if (!state || address === undefined) return [];
      return (channel === 'email' ? state.email : state.mobile) === address ? [] : [contactConfirmed(state, channel, address)];
    }
    if (!state) return MEMBER_NOT_FOUND;
    const { events, ...effects } = decideProfileUpdate(state, command.request);
    return { events, effects };
  },
};

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const NAME_WORD = /^[\p{L}\p{M} .'-]+$/u;
const nameRule = personNameSchema('Name');

/**
 * Words of a provider's name that the profile's name rules allow, joined, starting at a letter; '' when none is
 * left. A word with anything else in it (`=cmd|'`, `<script>`) is dropped whole rather than patched, since what
 * remains of it would be neither the person's name nor harmless-looking.
 */
function cleanName(raw: string | undefined): string {
  const kept = (raw ?? '')
    .normalize('NFC')
    .split(/\s+/)
    .filter((word) => NAME_WORD.test(word))
    .join(' ')
    .replace(/^[^\p{L}\p{M}]+/u, '')
    .slice(0, PERSON_NAME_MAX_LENGTH)
    .trim();
  return nameRule.safeParse(kept).success ? kept : '';
}

/**
 * First and last name from an identity provider's claims: given and family names, else the first word and the rest,
 * else the email's local part. The provider's text is anyone's to choose and shows on the public wall, so it meets
 * the profile's name rules; an empty first name is asked for again at onboarding step 01.
 */
export function namesFromClaims(claims: { given_name?: string; family_name?: string; name?: string; email: string }): {
  firstname: string;
  lastname: string;
} {
  if (claims.given_name) return { firstname: cleanName(claims.given_name), lastname: cleanName(claims.family_name) };
  const words = cleanName(claims.name).split(' ').filter(Boolean);
  if (words.length === 0) return { firstname: cleanName(claims.email.split('@')[0]), lastname: '' };
  return { firstname: words[0]!, lastname: cleanName(words.slice(1).join(' ')) };
}

/**
 * How the public wall shows a member: first name and the initial of the last. A member with neither (a sign-in
 * that gave no name, not yet onboarded) shows as their member number, never as a blank or a stray initial.
 */
export function wallName(firstname: string, lastname: string, memberNumber: number): string {
  const initial = lastname.trim().charAt(0).toUpperCase();
  const words = [firstname.trim(), initial && `${initial}.`].filter(Boolean).join(' ');
  return words || `Member #${memberNumber}`;
}
