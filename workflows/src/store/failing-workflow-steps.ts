import type { Kysely } from 'kysely';

export interface FailingWorkflowStepsTable {
  failing_workflow_steps: {
    step_id: string;
    type: string;
    workflow_id: string;
    run_id: string;
    activity_id: string;
    payload: unknown;
    attempts: number;
    last_error: string | null;
    next_attempt_at: Date | null;
    given_up_by: string | null;
    updated_at: Date;
  };
}

export type FailingWorkflowStepRow = FailingWorkflowStepsTable['failing_workflow_steps'];
type Failure = Pick<FailingWorkflowStepRow, 'last_error' | 'next_attempt_at' | 'updated_at'>;

const table = (db: Kysely<any>) => db as Kysely<FailingWorkflowStepsTable>;

/** Counts another failed attempt of a step already listed (nothing for one that is not). */
export async function countListedStepFailure(db: Kysely<any>, stepId: string, failure: Failure): Promise<void> {
  await table(db)
    .updateTable('failing_workflow_steps')
    .set((eb) => ({ ...failure, attempts: eb('attempts', '+', 1) }))
    .where('step_id', '=', stepId)
    .execute();
}

/** Lists the step with its attempts so far, or counts another failed attempt of it when it is listed. */
export async function listStepFailure(
  db: Kysely<any>,
  step: Omit<FailingWorkflowStepRow, keyof Failure | 'given_up_by'>,
  failure: Failure,
): Promise<void> {
  await table(db)
    .insertInto('failing_workflow_steps')
    .values({
      step_id: step.step_id,
      type: step.type,
      workflow_id: step.workflow_id,
      run_id: step.run_id,
      activity_id: step.activity_id,
      payload: step.payload,
      attempts: step.attempts,
      given_up_by: null,
      ...failure,
    })
    .onConflict((oc) => oc.column('step_id').doUpdateSet((eb) => ({ ...failure, attempts: eb('failing_workflow_steps.attempts', '+', 1) })))
    .execute();
}

export async function forgetFailingStep(db: Kysely<any>, stepId: string): Promise<void> {
  await table(db).deleteFrom('failing_workflow_steps').where('step_id', '=', stepId).execute();
}

export function findFailingStep(db: Kysely<any>, type: string, stepId: string) {
  return table(db)
    .selectFrom('failing_workflow_steps')
    .selectAll()
    .where('step_id', '=', stepId)
    .where('type', '=', type)
    .executeTakeFirst();
}

/** Who gave the step up, if anyone did (and it is listed). */
export function failingStepGivenUpBy(db: Kysely<any>, stepId: string) {
  return table(db).selectFrom('failing_workflow_steps').select('given_up_by').where('step_id', '=', stepId).executeTakeFirst();
}

export async function giveUpFailingStep(db: Kysely<any>, stepId: string, actor: string): Promise<void> {
  await table(db)
    .updateTable('failing_workflow_steps')
    .set({ given_up_by: actor, updated_at: new Date() })
    .where('step_id', '=', stepId)
    .execute();
}

/** The listed steps, most attempts first. */
export function failingSteps(db: Kysely<any>, limit: number) {
  return table(db)
    .selectFrom('failing_workflow_steps')
    .selectAll()
    .orderBy('attempts', 'desc')
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}
