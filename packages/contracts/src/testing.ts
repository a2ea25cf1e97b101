import type { z } from 'zod';
import type { MemberRegistered } from './events/identity.js';

type Registration = z.input<typeof MemberRegistered.schema>;

/**
 * The MemberRegistered event as identity records it, for tests of the services that read identity's history.
 * Only what a test cares about needs saying.
 */
export function memberRegisteredEvent(memberId: string, overrides: Partial<Omit<Registration, 'memberId'>> = {}) {
  const data: Registration = {
    memberId,
    memberNumber: 1,
    email: `m.${memberId.slice(0, 8)}@example.in`,
    firstname: 'Asha',
    lastname: 'Rao',
    profileImage: null,
    identityProvider: { issuer: 'test', subject: memberId },
    invitationCode: null,
    ...overrides,
  };
  return { type: 'MemberRegistered' as const, data };
}

export * from './testing/complete-profile.js';
export * from './testing/event-builders.js';
export * from './testing/quiet-drop-anchor.js';
