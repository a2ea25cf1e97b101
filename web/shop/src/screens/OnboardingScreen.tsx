import type { Profile } from '@elts/contracts';
import { Navigate } from '@elts/router';
import { LoadingState, readMemberSession } from '@elts/ui';
import { type ComponentType, useEffect } from 'react';
import { useProfile } from '../api/profile.js';
import { MyListsStep } from '../onboarding/MyListsStep.js';
import { PersonalDetailsStep } from '../onboarding/PersonalDetailsStep.js';
import { ShippingInfoStep } from '../onboarding/ShippingInfoStep.js';
import { SpendTypeStep } from '../onboarding/SpendTypeStep.js';
import { StepFrame } from '../onboarding/StepFrame.js';
import type { OnboardingStep } from './onboarding-steps.js';

const STEP_FORMS: Record<OnboardingStep['number'], ComponentType<{ profile: Profile | undefined }>> = {
  1: PersonalDetailsStep,
  2: SpendTypeStep,
  3: MyListsStep,
  4: ShippingInfoStep,
};

/**
 * An onboarding step: only with a session (home otherwise; no profile call is made without a token), its form
 * filled in from the profile once it has arrived. A profile that cannot be read is only logged, and the form starts
 * empty (spec section 8).
 */
export function OnboardingScreen({ step }: { step: OnboardingStep }) {
  const profile = useProfile();
  useEffect(() => {
    if (profile.error) console.error('The profile could not be fetched', profile.error);
  }, [profile.error]);
  if (!readMemberSession().token) return <Navigate to="/" replace />;
  const Form = STEP_FORMS[step.number];
  return (
    <StepFrame step={step}>
      {profile.isPending ? (
        <LoadingState message="Loading your details..." />
      ) : (
        // A new step (or another member's profile) starts a fresh form.
        <Form key={`${step.path}:${profile.data?.id ?? ''}`} profile={profile.data} />
      )}
    </StepFrame>
  );
}
