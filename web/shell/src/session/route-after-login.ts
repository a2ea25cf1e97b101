import type { OnboardingProgress, Profile } from '@elts/contracts';

export type LandingPath = '/profile' | '/personalDetails' | '/spendType' | '/myLists' | '/shippingInfo';

/** The onboarding steps in order, each with the progress flag that says it is done. */
const STEPS: ReadonlyArray<readonly [keyof Omit<OnboardingProgress, 'complete'>, LandingPath]> = [
  ['personalDetails', '/personalDetails'],
  ['spendType', '/spendType'],
  ['myLists', '/myLists'],
  ['shippingInfo', '/shippingInfo'],
];

/**
 * After sign-in: the account page for a member whose onboarding is complete, else the first step not yet done.
 * Complete means a Need list of three and a pincode, so both of the spec's readings (a Need list item; a pincode)
 * send such a member to /profile; docs/decisions/0110 records the choice. An unknown profile starts at step 01.
 */
export function routeAfterLogin(profile: Partial<Pick<Profile, 'onboarding'>> | undefined): LandingPath {
  const progress = profile?.onboarding;
  if (!progress) return '/personalDetails';
  if (progress.complete) return '/profile';
  return STEPS.find(([done]) => !progress[done])?.[1] ?? '/profile';
}
