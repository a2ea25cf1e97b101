/** The four onboarding steps of the spec (section 2), by route: heading, progress and the hint to the next step. */
export interface OnboardingStep {
  number: 1 | 2 | 3 | 4;
  path: '/personalDetails' | '/spendType' | '/myLists' | '/shippingInfo';
  heading: string;
  progress: 25 | 50 | 75 | 100;
  /** The line under the progress bar; the spec words step 01's, the others follow it (docs/decisions/0111). */
  next?: string;
}

export const ONBOARDING_STEPS: Record<string, OnboardingStep> = {
  '/personalDetails': {
    number: 1,
    path: '/personalDetails',
    heading: "Let's get started",
    progress: 25,
    next: 'Next: More details about you',
  },
  '/spendType': { number: 2, path: '/spendType', heading: 'Few more details!', progress: 50, next: 'Next: My Lists' },
  '/myLists': { number: 3, path: '/myLists', heading: 'My Lists', progress: 75, next: 'Next: Shipping details' },
  '/shippingInfo': { number: 4, path: '/shippingInfo', heading: 'Shipping details', progress: 100 },
};

/** 'Step 01 / 04' (spec wording). */
export function stepLabel(step: OnboardingStep): string {
  return `Step ${String(step.number).padStart(2, '0')} / 04`;
}
