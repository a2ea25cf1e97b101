import {
  type Gender,
  GST_PROFESSIONS,
  ONBOARDING_NEED_LIST_MINIMUM,
  type OnboardingProgress,
  type Persona,
  type Profession,
  type UpdateProfileRequest,
} from '@elts/contracts';
import { badRequest, type NewEvent, type StoredEvent } from '@elts/platform';

/** A member as its own events tell it: the state every profile decision is made from. */
export interface MemberState {
  id: string;
  number: number;
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
  professionAddress: string | null;
  pincode: string | null;
  hidden: boolean;
}

export const memberStream = (memberId: string) => `member-${memberId}`;

export function foldMember(events: StoredEvent[]): MemberState | undefined {
  let state: MemberState | undefined;
  for (const { type, data } of events as StoredEvent<any>[]) {
    if (type === 'MemberRegistered') {
      state = {
        id: data.memberId,
        number: data.memberNumber,
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
        professionAddress: null,
        pincode: null,
        hidden: false,
      };
    } else if (state) {
      const { memberId: _, ...fields } = data;
      if (type === 'WallVisibilityChanged') state = { ...state, hidden: data.hidden };
      else state = { ...state, ...fields };
    }
  }
  return state;
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

/**
 * Turns an update-profile request into the events it causes, each carrying its whole group after the change.
 * Rules that span fields or depend on the member's state live here: a business profession needs a GSTIN, and
 * during onboarding the Need list needs at least three items.
 */
export function decideProfileUpdate(state: MemberState, request: UpdateProfileRequest): NewEvent[] {
  const next: MemberState = { ...state, ...withoutUndefined(request), pincode: request.pincode ?? state.pincode };
  if ('hideFromWall' in request) next.hidden = request.hideFromWall as boolean;
  const events: NewEvent[] = [];
  const memberId = state.id;

  if (changed(request, ['gender', 'dob', 'firstname', 'lastname', 'mobile', 'email'])) {
    const { gender, dob, firstname, lastname, mobile, email } = next;
    events.push({ type: 'PersonalDetailsUpdated', data: { memberId, gender, dob, firstname, lastname, mobile, email } });
  }
  if (changed(request, ['profession', 'subscriptionType', 'gst'])) {
    if (next.profession && GST_PROFESSIONS.includes(next.profession) && !next.gst) {
      throw badRequest('GST number is required for startups, businesses and institutions', [
        { path: 'gst', message: 'GST number is required' },
      ]);
    }
    const { profession, subscriptionType, gst } = next;
    events.push({ type: 'PersonaChosen', data: { memberId, profession, subscriptionType, gst } });
  }
  if (changed(request, ['needList', 'greedList'])) {
    const onboarding = state.needList.length < ONBOARDING_NEED_LIST_MINIMUM;
    if (onboarding && next.needList.length < ONBOARDING_NEED_LIST_MINIMUM) {
      throw badRequest('Need list must have at least 3 items to proceed.', [{ path: 'needList', message: 'At least 3 items' }]);
    }
    events.push({ type: 'ListsUpdated', data: { memberId, needList: next.needList, greedList: next.greedList } });
  }
  if (changed(request, ['address', 'professionAddress', 'pincode'])) {
    const { address, professionAddress, pincode } = next;
    events.push({ type: 'ShippingDetailsUpdated', data: { memberId, address, professionAddress, pincode } });
  }
  if ('hideFromWall' in request && request.hideFromWall !== state.hidden) {
    events.push({ type: 'WallVisibilityChanged', data: { memberId, hidden: next.hidden } });
  }
  return events;
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** First and last name from an identity provider's claims: given and family names, else the first word and the rest. */
export function namesFromClaims(claims: { given_name?: string; family_name?: string; name?: string; email: string }): {
  firstname: string;
  lastname: string;
} {
  if (claims.given_name)
    return { firstname: claims.given_name.trim().slice(0, 50), lastname: (claims.family_name ?? '').trim().slice(0, 50) };
  const words = (claims.name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstname: claims.email.split('@')[0]!.slice(0, 50), lastname: '' };
  return { firstname: words[0]!.slice(0, 50), lastname: words.slice(1).join(' ').slice(0, 50) };
}

/** How the public wall shows a member: first name and the initial of the last. */
export function wallName(firstname: string, lastname: string): string {
  const initial = lastname.trim().charAt(0).toUpperCase();
  return initial ? `${firstname.trim()} ${initial}.` : firstname.trim();
}
