/** The four onboarding steps of the spec (section 2), by route: heading, progress and the hint to the next step. */
export interface OnboardingStep {
  number: 1 | 2 | 3 | 4;
  heading: string;
  progress: 25 | 50 | 75 | 100;
  next?: string;
  /** What this screen will ask for, in plain words, until the members issue builds it. */
  comingNext: string;
}

export const ONBOARDING_STEPS: Record<string, OnboardingStep> = {
  '/personalDetails': {
    number: 1,
    heading: "Let's get started",
    progress: 25,
    next: 'Next: More details about you',
    comingNext: 'Here you will confirm your gender, birthday, first and last name, phone number and email, filled in from your sign-in.',
  },
  '/spendType': {
    number: 2,
    heading: 'Few more details!',
    progress: 50,
    comingNext:
      'Here you will tell us what you do (student, professional, startup, business or institution) and whether you Save or Splurge.',
  },
  '/myLists': {
    number: 3,
    heading: 'My Lists',
    progress: 75,
    comingNext: 'Here you will fill your Need list (at least three things you plan to buy soon) and your Greed list of things to save for.',
  },
  '/shippingInfo': {
    number: 4,
    heading: 'Shipping details',
    progress: 100,
    comingNext:
      'Here you will give your pincode and billing address, and a shipping address if it is different. Then your account is ready.',
  },
};

/** 'Step 01 / 04' (spec wording). */
export function stepLabel(step: OnboardingStep): string {
  return `Step ${String(step.number).padStart(2, '0')} / 04`;
}
