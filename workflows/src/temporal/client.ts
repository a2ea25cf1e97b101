import { Client, Connection, WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import type { ChargeCheckPlan, MembershipPlan } from '../flows/membership-cycle.js';
import type { WorkflowPort, WorkflowSignal } from '../port.js';
import {
  type AutoRenewalChangedSignal,
  type MembershipInput,
  membershipWorkflowId,
  type PaymentTimeoutInput,
  paymentTimeoutWorkflowId,
  SIGNAL,
  WORKFLOW_TYPE,
} from './contract.js';
import type { TemporalConnectionSettings } from './settings.js';

/** The part of Temporal's workflow client this adapter uses (a fake stands in for it in the unit tests). */
export type WorkflowStarter = Pick<Client['workflow'], 'start' | 'signalWithStart' | 'getHandle'>;

export interface TemporalPortOptions {
  taskQueue: string;
  membershipPlan: MembershipPlan;
  chargeChecks: ChargeCheckPlan;
}

/**
 * The workflow port on Temporal: each signal becomes a workflow start or a Temporal signal, and the workflows
 * (`workflows.ts`) apply the flows' timer plans. A payment's timeout is its own workflow; a subscription's renewals
 * and expiry live in one workflow per subscription, started by the first signal that needs it (signal-with-start).
 * A failed call throws, and the signal outbox tries again later; every call is safe to repeat.
 */
export class TemporalWorkflowPort implements WorkflowPort {
  constructor(
    private readonly workflows: WorkflowStarter,
    private readonly options: TemporalPortOptions,
  ) {}

  async deliver(signal: WorkflowSignal): Promise<void> {
    switch (signal.kind) {
      case 'paymentStarted':
        return this.startTimeout({ paymentId: signal.paymentId, timeoutAt: signal.timeoutAt });
      case 'paymentSettled':
        return this.signalIfRunning(paymentTimeoutWorkflowId(signal.paymentId), SIGNAL.paymentSettled, []);
      case 'cycleStarted':
        return this.toMembership(signal.subscriptionId, SIGNAL.cycleStarted, {
          cycle: signal.cycle,
          endDate: signal.endDate,
          autoRenewal: signal.autoRenewal,
        });
      case 'renewalChargeRaised':
        return this.toMembership(signal.subscriptionId, SIGNAL.renewalChargeRaised, {
          paymentId: signal.paymentId,
          chargeOn: signal.chargeOn,
        });
      case 'renewalRetryDue':
        return this.toMembership(signal.subscriptionId, SIGNAL.renewalRetryDue, {
          cycle: signal.cycle,
          attempt: signal.attempt,
          at: signal.at,
        });
      case 'membershipEnded':
        return this.signalIfRunning(membershipWorkflowId(signal.subscriptionId), SIGNAL.membershipEnded, []);
      case 'autoRenewalChanged': {
        const { cycle, endDate, autoRenewal, nextAttempt } = signal;
        const payload: AutoRenewalChangedSignal = { cycle, endDate, autoRenewal, nextAttempt };
        // Switching off only cancels: a workflow that has finished has nothing left to cancel.
        if (!autoRenewal) return this.signalIfRunning(membershipWorkflowId(signal.subscriptionId), SIGNAL.autoRenewalChanged, [payload]);
        return this.toMembership(signal.subscriptionId, SIGNAL.autoRenewalChanged, payload);
      }
    }
  }

  private async startTimeout(input: PaymentTimeoutInput): Promise<void> {
    try {
      await this.workflows.start(WORKFLOW_TYPE.paymentTimeout, {
        workflowId: paymentTimeoutWorkflowId(input.paymentId),
        taskQueue: this.options.taskQueue,
        args: [input],
        // One timeout per payment, ever: a start delivered again after the timeout ran does not run it again.
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
      });
    } catch (error) {
      // Started before (a signal delivered twice): the running or finished timeout stands.
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  }

  private async toMembership(subscriptionId: string, signal: string, payload: object): Promise<void> {
    const input: MembershipInput = { subscriptionId, plan: this.options.membershipPlan, chargeChecks: this.options.chargeChecks };
    await this.workflows.signalWithStart(WORKFLOW_TYPE.membership, {
      workflowId: membershipWorkflowId(subscriptionId),
      taskQueue: this.options.taskQueue,
      args: [input],
      signal,
      signalArgs: [payload],
    });
  }

  /** A cancellation for a workflow that has already finished has nothing left to cancel. */
  private async signalIfRunning(workflowId: string, signal: string, args: unknown[]): Promise<void> {
    try {
      await this.workflows.getHandle(workflowId).signal(signal, ...args);
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError)) throw error;
    }
  }
}

/**
 * A client for Temporal that connects on first use, so the payments service starts even while Temporal is still
 * coming up; a signal sent before it answers waits in the signal outbox and is delivered once it does.
 */
export function connectTemporal(settings: TemporalConnectionSettings): { workflows: WorkflowStarter; close: () => Promise<void> } {
  const connection = Connection.lazy({ address: settings.TEMPORAL_ADDRESS });
  const client = new Client({ connection, namespace: settings.TEMPORAL_NAMESPACE });
  return { workflows: client.workflow, close: () => connection.close() };
}
