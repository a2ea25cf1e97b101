import { type CommandSource, type Handled, type HandleOptions, handle } from '@elts/platform';
import { orderStream } from '../domain/order.js';
import { type OrderCommand, type OrderHistory, orderDecider } from '../domain/order-decider.js';
import type { OrderEvent } from '../domain/order-events.js';
import { projectOrderEvent } from '../store/orders-projection.js';
import type { OrdersDb } from '../store/tables.js';
import type { OrdersContext } from './context.js';

/** Decides a command on the order's stream (platform's `handle`), its projection written in the same transaction. */
export function onOrder(
  context: OrdersContext,
  orderId: string,
  command: CommandSource<OrdersDb, OrderHistory, OrderCommand>,
  options: Omit<HandleOptions<OrdersDb, OrderHistory, OrderEvent>, 'project'> = {},
): Promise<Handled<OrderHistory, OrderEvent>> {
  return handle(context.events, orderDecider, orderStream(orderId), command, { ...options, project: projectOrderEvent });
}
