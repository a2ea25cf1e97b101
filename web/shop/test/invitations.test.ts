import { ApiError } from '@elts/ui';
import { describe, expect, it } from 'vitest';
import { allowanceText, INVITATION_BADGES, invitationState } from '../src/community/invitation-state.js';
import { createFailureMessage, INVITATION_MESSAGES } from '../src/community/use-invitations.js';

describe('an invitation link', () => {
  const now = Date.parse('2026-03-10T06:30:00Z');

  it('is open until its date, expired after it, and used once someone joined with it, whatever the date', () => {
    expect(invitationState({ expires_at: '2026-04-09T06:30:00Z', redeemed: false }, now)).toBe('open');
    expect(invitationState({ expires_at: '2026-03-10T06:30:00Z', redeemed: false }, now)).toBe('expired');
    expect(invitationState({ expires_at: '2026-04-09T06:30:00Z', redeemed: true }, now)).toBe('used');
    expect(invitationState({ expires_at: '2026-01-01T00:00:00Z', redeemed: true }, now)).toBe('used');
  });

  it('shows each state in words, green only while it can still be shared', () => {
    expect(INVITATION_BADGES).toEqual({
      open: { label: 'Not used yet', tone: 'green' },
      used: { label: 'Used', tone: 'grey' },
      expired: { label: 'Expired', tone: 'orange' },
    });
  });
});

describe('the monthly allowance', () => {
  it("says how many links are left, and in the server's words when none are", () => {
    expect(allowanceText({ per_month: 3, used_this_month: 1, remaining: 2 })).toBe('2 of 3 invitation links left this month.');
    expect(allowanceText({ per_month: 1, used_this_month: 0, remaining: 1 })).toBe('1 of 1 invitation link left this month.');
    expect(allowanceText({ per_month: 3, used_this_month: 3, remaining: 0 })).toBe(
      "You have used this month's 3 invitations. New ones arrive next month.",
    );
  });

  it("passes on the server's message for a used-up allowance, and a generic one for anything else", () => {
    const used = "You have used this month's 3 invitations. New ones arrive next month.";
    expect(createFailureMessage(new ApiError(used, 429))).toBe(used);
    expect(createFailureMessage(new ApiError('Internal error', 500))).toBe(INVITATION_MESSAGES.failed);
    expect(createFailureMessage(new TypeError('Failed to fetch'))).toBe(INVITATION_MESSAGES.failed);
  });
});
