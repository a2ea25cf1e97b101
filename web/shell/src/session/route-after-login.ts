/** The part of a member's profile that decides where sign-in lands. */
export interface ProfileSummary {
  needList?: string | null;
}

/**
 * After sign-in: the account page for a member who has started their Need list, onboarding step 01 otherwise.
 * The spec gives two readings (needList has an item, or the profile has a pincode); docs/decisions/0104 records why
 * this one.
 */
export function routeAfterLogin(profile: ProfileSummary | undefined): '/profile' | '/personalDetails' {
  const needs = (profile?.needList ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return needs.length > 0 ? '/profile' : '/personalDetails';
}
