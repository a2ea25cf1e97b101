import { randomInt } from 'node:crypto';
import { indianCalendar, indianMidnightOf } from '@elts/contracts';

// No 0/O or 1/I: codes are read aloud and typed from screenshots.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newInvitationCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

export const invitationStream = (code: string) => `invitation-${code}`;

/** The first instant of the current calendar month in India, as UTC: monthly allowances reset on Indian dates. */
export function startOfIndianMonth(now: Date): Date {
  const { year, month } = indianCalendar(now);
  return indianMidnightOf(year, month, 1);
}

/**
 * Past the registration cap, sign-up needs an invitation. Returns the reason a new member may not join, if any.
 */
export function registrationRefusal(memberCount: number, cap: number, invitation: 'none' | 'valid' | 'unusable'): string | undefined {
  if (memberCount < cap || invitation === 'valid') return undefined;
  if (invitation === 'unusable') return 'This invitation has expired or was already used.';
  return 'Membership is by invitation only now. Please sign up with an invitation link from a member.';
}
