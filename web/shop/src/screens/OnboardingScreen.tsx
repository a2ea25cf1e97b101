import { Card, ProgressBar } from '@elts/ui';
import { type OnboardingStep, stepLabel } from './onboarding-steps.js';

/** An onboarding step as it stands today: its heading and progress, and what the finished step will ask. */
export function OnboardingScreen({ step }: { step: OnboardingStep }) {
  return (
    <div>
      <p className="text-sm font-bold tracking-[0.15em] text-brand-700 uppercase">{stepLabel(step)}</p>
      <h1 className="mt-2 font-display text-4xl font-extrabold text-ink-950">{step.heading}</h1>
      <ProgressBar value={step.progress} label={`Onboarding ${step.progress}% complete`} className="mt-6" />
      {step.next && <p className="mt-2 text-sm text-ink-600">{step.next}</p>}
      <Card className="mt-8">
        <h2 className="text-lg font-bold text-ink-950">Opening with member sign-in</h2>
        <p className="mt-2 text-ink-700">{step.comingNext}</p>
      </Card>
    </div>
  );
}
