import { API, COPY, type FailingStep, type OperationRoute, type OperationTable } from '@elts/contracts';
import { Button, Card, formatDateTime } from '@elts/ui';
import { useState } from 'react';
import { adminOperation, failureText } from '../../api/admin-request.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { jobWords, stepName } from './cron-words.js';

/** Either step action: one route type, so the call is typed for both. */
type StepRoute = OperationRoute<OperationTable['adminCronStepRetry'] | OperationTable['adminCronStepGiveUp']>;

type StepAction = 'retry' | 'give-up';

/**
 * The steps that keep failing (docs/decisions/0034): each is still retried by itself, and here an operator runs one
 * again at once or gives it up, after confirming, since a given-up step never does what it was for.
 */
export function FailingSteps({
  steps,
  report,
}: {
  steps: FailingStep[];
  /** Shows the outcome in the page's banner and reloads the status. */
  report: (tone: 'success' | 'error', message: string) => void;
}) {
  const [busy, setBusy] = useState<string>();
  const [confirming, setConfirming] = useState<FailingStep>();

  const act = async (step: FailingStep, action: StepAction) => {
    setBusy(`${action} ${step.key}`);
    try {
      const route: StepRoute = action === 'retry' ? API.adminCronStepRetry : API.adminCronStepGiveUp;
      const answer = await adminOperation(route, {
        body: { type: step.type, key: step.key, service: step.service ?? 'payments' },
      });
      const words = action === 'retry' ? COPY.cron.stepRetried : COPY.cron.stepGivenUp;
      report('success', answer.message ?? words(stepName(step)));
    } catch (error) {
      report('error', failureText(error, COPY.cron.stepActionFailed(action === 'retry' ? 'retry' : 'give up')));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Card>
      <section aria-label={COPY.cron.failingSteps}>
        <h2 className="text-lg font-bold text-ink-950">{COPY.cron.failingSteps}</h2>
        {steps.length === 0 ? (
          <p className="mt-4 text-sm text-ink-600">{COPY.cron.noFailingSteps}</p>
        ) : (
          <ul className="mt-4 divide-y divide-ink-100">
            {steps.map((step) => (
              <li key={`${step.service} ${step.type} ${step.key}`} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <dl className="grid min-w-0 flex-1 grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="text-ink-600">Step</dt>
                  <dd className="font-semibold text-ink-900">{jobWords(step.type)}</dd>
                  <dt className="text-ink-600">For</dt>
                  <dd className="[overflow-wrap:anywhere]">{step.subject}</dd>
                  <dt className="text-ink-600">Attempts</dt>
                  <dd className="tabular-nums">{step.attempts}</dd>
                  <dt className="text-ink-600">Last Error</dt>
                  <dd className="[overflow-wrap:anywhere]">{step.lastError ?? '-'}</dd>
                  <dt className="text-ink-600">Next Try</dt>
                  <dd>{step.nextAttemptAt ? formatDateTime(step.nextAttemptAt) : 'Waits for an operator'}</dd>
                </dl>
                <div className="flex gap-2">
                  <Button size="sm" variant="secondary" busy={busy === `retry ${step.key}`} onClick={() => act(step, 'retry')}>
                    Retry Now
                  </Button>
                  <Button size="sm" variant="danger" busy={busy === `give-up ${step.key}`} onClick={() => setConfirming(step)}>
                    Give Up
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={confirming !== undefined}
        title="Give up this step?"
        confirm="Give Up"
        onCancel={() => setConfirming(undefined)}
        onConfirm={() => {
          const step = confirming;
          setConfirming(undefined);
          if (step) void act(step, 'give-up');
        }}
      >
        <p>{confirming && COPY.cron.confirmGiveUp(stepName(confirming))}</p>
      </ConfirmDialog>
    </Card>
  );
}
