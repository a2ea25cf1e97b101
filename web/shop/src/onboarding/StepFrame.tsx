import { Button, cx, ProgressBar } from '@elts/ui';
import type { ReactNode } from 'react';
import { type OnboardingStep, stepLabel } from '../screens/onboarding-steps.js';

/** What every onboarding step shows above its form: 'Step 01 / 04', the heading, the progress bar and the hint. */
export function StepFrame({ step, children }: { step: OnboardingStep; children: ReactNode }) {
  return (
    <div>
      <p className="text-sm font-bold tracking-[0.15em] text-brand-700 uppercase">{stepLabel(step)}</p>
      <h1 className="mt-2 font-display text-4xl font-extrabold text-ink-950">{step.heading}</h1>
      <ProgressBar value={step.progress} label={`Onboarding ${step.progress}% complete`} className="mt-6" />
      <div className="mt-2 flex justify-between gap-4 text-sm text-ink-600">
        <span>{step.next}</span>
        <span aria-hidden="true">{step.progress}%</span>
      </div>
      <div className="mt-8 rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 sm:p-8">{children}</div>
    </div>
  );
}

/** The submit button of steps 01 to 03, with its spinner while the step saves. */
export function NextButton({ busy, className }: { busy: boolean; className?: string }) {
  return (
    <div className={cx('flex justify-end', className)}>
      <Button type="submit" busy={busy}>
        Next
      </Button>
    </div>
  );
}
