import { MEMBER_ROUTES } from '@elts/contracts';
import { describe, expect, it } from 'vitest';
import { ONBOARDING_STEPS, stepLabel } from '../src/screens/onboarding-steps.js';
import { profileSectionFrom } from '../src/screens/profile-sections.js';

describe('onboarding steps', () => {
  it('covers the four onboarding routes of the spec, in order, with its progress', () => {
    const steps = Object.entries(ONBOARDING_STEPS);
    expect(steps.map(([path]) => path)).toEqual(MEMBER_ROUTES.slice(0, 4));
    expect(steps.map(([, step]) => step.progress)).toEqual([25, 50, 75, 100]);
  });

  it("labels them 'Step 01 / 04' and so on", () => {
    expect(Object.values(ONBOARDING_STEPS).map(stepLabel)).toEqual(['Step 01 / 04', 'Step 02 / 04', 'Step 03 / 04', 'Step 04 / 04']);
  });
});

describe('profileSectionFrom', () => {
  it('opens the section the query names, the deals board otherwise', () => {
    expect(profileSectionFrom('orders')).toBe('orders');
    expect(profileSectionFrom('subscription')).toBe('subscription');
    expect(profileSectionFrom('settings')).toBe('dealsboard');
    expect(profileSectionFrom(null)).toBe('dealsboard');
  });
});
