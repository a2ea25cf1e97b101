import { type CommandSource, type Handled, type HandleOptions, handle } from '@elts/platform';
import { paymentStream } from '../domain/payment.js';
import { type PaymentCommand, type PaymentStreamState, paymentDecider } from '../domain/payment-decider.js';
import type { PaymentsEvent } from '../domain/payments-events.js';
import { project } from '../store/projections.js';
import type { PaymentsDb } from '../store/tables.js';
import type { PaymentsContext } from './context.js';

/**
 * Decides a command on a payment's stream (platform's `handle`), its projection written in the same transaction. A
 * settlement of a checkout payment ends its timeout by a signal sent in that transaction too (a renewal charge has
 * no timeout to end).
 */
export function onPayment(
  context: Pick<PaymentsContext, 'events' | 'workflows'>,
  paymentId: string,
  command: CommandSource<PaymentsDb, PaymentStreamState, PaymentCommand>,
  options: Omit<HandleOptions<PaymentsDb, PaymentStreamState, PaymentsEvent>, 'project'> = {},
): Promise<Handled<PaymentStreamState, PaymentsEvent>> {
  return handle(context.events, paymentDecider, paymentStream(paymentId), command, {
    ...options,
    project,
    alongside: async (unit, accepted) => {
      const before = accepted.before.payment;
      const settled = accepted.events.some((event) => event.type === 'PaymentSucceeded' || event.type === 'PaymentFailed');
      if (settled && before && before.purpose !== 'renewal') await context.workflows.send(unit.db, { kind: 'paymentSettled', paymentId });
      await options.alongside?.(unit, accepted);
    },
  });
}
