import { Client, Connection, WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import { type MembershipPlan, nextRenewalAttempt } from '../core/membership.js';
import type { ChargeCheckPlan } from '../core/steps.js';
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
  /**
   * The last renewal attempt made in a cycle (0: none yet), or null while one is open or has paid (the payments
   * service answers from its own tables).
   */
  lastRenewalAttempt(subscriptionId: string, cycle: number): Promise<number | null>;
}

/**
 * The payments service's workflow port on Temporal: each thing that happens becomes a workflow start or a signal.
 * A payment's timeout is its own workflow; a subscription's renewals and expiry live in one workflow per
 * subscription, started by the first signal that needs it (signal-with-start).
 */
export class TemporalWorkflowPort {
  constructor(
    private readonly workflows: WorkflowStarter,
    private readonly options: TemporalPortOptions,
  ) {}

  async paymentStarted(payment: { paymentId: string; atRiskAt: Date | null; timeoutAt: Date | null }): Promise<void> {
    const input: PaymentTimeoutInput = {
      paymentId: payment.paymentId,
      atRiskAt: payment.atRiskAt?.toISOString() ?? null,
      timeoutAt: payment.timeoutAt?.toISOString() ?? null,
    };
    try {
      await this.workflows.start(WORKFLOW_TYPE.paymentTimeout, {
        workflowId: paymentTimeoutWorkflowId(payment.paymentId),
        taskQueue: this.options.taskQueue,
        args: [input],
      });
    } catch (error) {
      // Started twice (a retried command): the running timeout stands, as the embedded driver keeps its row.
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  }

  async paymentSettled(paymentId: string): Promise<void> {
    await this.signalIfRunning(paymentTimeoutWorkflowId(paymentId), SIGNAL.paymentSettled, []);
  }

  async membershipCycleStarted(cycle: { subscriptionId: string; cycle: number; endDate: Date; autoRenewal: boolean }) {
    await this.toMembership(cycle.subscriptionId, SIGNAL.cycleStarted, {
      cycle: cycle.cycle,
      endDate: cycle.endDate.toISOString(),
      autoRenewal: cycle.autoRenewal,
    });
  }

  async renewalChargeRaised(charge: { subscriptionId: string; cycle: number; attempt: number; paymentId: string; chargeOn: Date }) {
    await this.toMembership(charge.subscriptionId, SIGNAL.renewalChargeRaised, {
      paymentId: charge.paymentId,
      chargeOn: charge.chargeOn.toISOString(),
    });
  }

  async renewalRetryDue(retry: { subscriptionId: string; cycle: number; attempt: number; at: Date }) {
    await this.toMembership(retry.subscriptionId, SIGNAL.renewalRetryDue, {
      cycle: retry.cycle,
      attempt: retry.attempt,
      at: retry.at.toISOString(),
    });
  }

  async membershipEnded(subscriptionId: string): Promise<void> {
    await this.signalIfRunning(membershipWorkflowId(subscriptionId), SIGNAL.membershipEnded, []);
  }

  async autoRenewalChanged(subscription: { subscriptionId: string; cycle: number; endDate: Date | null; autoRenewal: boolean }) {
    const { subscriptionId, cycle, endDate, autoRenewal } = subscription;
    if (!autoRenewal) {
      await this.signalIfRunning(membershipWorkflowId(subscriptionId), SIGNAL.autoRenewalChanged, [
        { cycle, endDate: endDate?.toISOString() ?? null, autoRenewal, nextAttempt: null } satisfies AutoRenewalChangedSignal,
      ]);
      return;
    }
    const nextAttempt =
      cycle > 0 ? nextRenewalAttempt(await this.options.lastRenewalAttempt(subscriptionId, cycle), this.options.membershipPlan) : null;
    await this.toMembership(subscriptionId, SIGNAL.autoRenewalChanged, {
      cycle,
      endDate: endDate?.toISOString() ?? null,
      autoRenewal,
      nextAttempt,
    } satisfies AutoRenewalChangedSignal);
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
 * coming up; a call made before it answers fails like any other call to a service that is down.
 */
export function connectTemporal(settings: TemporalConnectionSettings): { workflows: WorkflowStarter; close: () => Promise<void> } {
  const connection = Connection.lazy({ address: settings.TEMPORAL_ADDRESS });
  const client = new Client({ connection, namespace: settings.TEMPORAL_NAMESPACE });
  return { workflows: client.workflow, close: () => connection.close() };
}
