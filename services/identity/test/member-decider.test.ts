import { deciderSpec } from '@elts/platform/testing';
import { describe, expect, it } from 'vitest';
import { type IdentityEvent, memberDecider } from '../src/domain/member.js';

/** A member's stream, given its events, when the member edits their profile or opens a contact link (docs/decisions/0163). */

const memberId = '6f1c2d4e-0000-4000-8000-000000000001';
const registered: IdentityEvent = {
  type: 'MemberRegistered',
  data: {
    memberId,
    memberNumber: 7,
    email: 'asha@example.in',
    firstname: 'Asha',
    lastname: 'K',
    profileImage: null,
    identityProvider: { issuer: 'https://accounts.example', subject: 'a-1' },
    invitationCode: null,
  },
};
const personal = { memberId, gender: null, dob: null, firstname: 'Asha', lastname: 'K' };
const withMobile: IdentityEvent = {
  type: 'PersonalDetailsUpdated',
  data: { ...personal, mobile: '9800000000', email: 'asha@example.in' },
};

describe("a member's stream, given its events, when the member acts", () => {
  const member = deciderSpec(memberDecider);

  it('records a profile change as its whole group, and a new email only as a change waiting for its link', () => {
    member
      .given([registered])
      .when({ kind: 'update-profile', request: { firstname: 'Asha', lastname: 'Kumar' } })
      .thenEvents([{ type: 'PersonalDetailsUpdated', data: { ...personal, lastname: 'Kumar', mobile: null, email: 'asha@example.in' } }]);
    const asked = member.given([registered]).when({ kind: 'update-profile', request: { email: 'new@example.in' } });
    asked.thenEvents([]);
    expect(asked.effects).toEqual({ emailChange: 'new@example.in' });
    const mobile = member.given([registered, withMobile]).when({ kind: 'update-profile', request: { mobile: '9811111111' } });
    mobile.thenEvents([]);
    expect(mobile.effects).toEqual({ mobileChange: '9811111111' });
  });

  it('refuses a rule of the form on its field, and a member it does not have', () => {
    member
      .given([registered])
      .when({ kind: 'update-profile', request: { needList: ['Phones'] } })
      .thenRefused({ kind: 'invalid', issues: [{ path: 'needList', message: 'At least 3 items' }] });
    member
      .given([])
      .when({ kind: 'update-profile', request: { firstname: 'Ravi' } })
      .thenRefused({ kind: 'not_found', message: 'Member not found' });
  });

  it('applies a confirmed contact once, and nothing for a link used meanwhile', () => {
    const confirmed: IdentityEvent = {
      type: 'PersonalDetailsUpdated',
      data: { ...personal, mobile: '9800000000', email: 'new@example.in' },
    };
    member
      .given([registered, withMobile])
      .when({ kind: 'confirm-contact', channel: 'email', address: 'new@example.in' })
      .thenEvents([confirmed]);
    member
      .given([registered, withMobile, confirmed])
      .when({ kind: 'confirm-contact', channel: 'email', address: 'new@example.in' })
      .thenEvents([]);
    member.given([registered]).when({ kind: 'confirm-contact', channel: 'mobile', address: undefined }).thenEvents([]);
  });
});
