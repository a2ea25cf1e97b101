/**
 * A workflow interceptor for test workers only: it shortens the steps' retry waits (2 s doubling to 15 minutes in
 * production, decision 0034) to 50 ms doubling to 200 ms, so a test sees a step fail a dozen times in a second and
 * still be retried. Loaded by a worker through `interceptors.workflowModules` (`fastStepRetriesModule()`); it
 * changes only the waits, never the rule that there is no last attempt.
 */
import type { WorkflowInterceptorsFactory } from '@temporalio/workflow';

export const interceptors: WorkflowInterceptorsFactory = () => ({
  outbound: [
    {
      scheduleActivity: (input, next) =>
        next({
          ...input,
          options: {
            ...input.options,
            retry: input.options.retry && { ...input.options.retry, initialInterval: 50, maximumInterval: 200 },
          },
        }),
    },
  ],
});
