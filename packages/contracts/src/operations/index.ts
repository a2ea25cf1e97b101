import { adminBffOperations } from './admin-bff.js';
import { catalogOperations } from './catalog.js';
import { identityOperations } from './identity.js';
import type { OperationSpec } from './operation.js';
import { ordersOperations } from './orders.js';
import { paymentsOperations } from './payments.js';
import { waitingRoomOperations } from './waiting-room.js';

export { adminBffOperations } from './admin-bff.js';
export { catalogOperations } from './catalog.js';
export { identityOperations } from './identity.js';
export { ordersOperations } from './orders.js';
export { paymentsOperations } from './payments.js';
export { MAX_WAITING_ROOM_WAIT_SECONDS, waitingRoomOperations } from './waiting-room.js';

/** Every operation the services serve, declared once (issue 22): the gateway, the clients and the reference read it. */
export const OPERATIONS: readonly OperationSpec[] = [
  ...Object.values<OperationSpec>(identityOperations),
  ...Object.values<OperationSpec>(catalogOperations),
  ...Object.values<OperationSpec>(ordersOperations),
  ...Object.values<OperationSpec>(waitingRoomOperations),
  ...Object.values<OperationSpec>(paymentsOperations),
  ...Object.values<OperationSpec>(adminBffOperations),
];
