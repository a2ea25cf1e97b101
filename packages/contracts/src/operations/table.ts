import type { adminBffOperations } from './admin-bff.js';
import type { catalogOperations } from './catalog.js';
import type { identityOperations } from './identity.js';
import type { OperationRoute } from './operation.js';
import type { ordersOperations } from './orders.js';
import type { paymentsOperations } from './payments.js';
import type { waitingRoomOperations } from './waiting-room.js';

/** Every operation by its id, as a type: what `API`'s routes stand for. */
export type OperationTable = typeof identityOperations &
  typeof catalogOperations &
  typeof ordersOperations &
  typeof waitingRoomOperations &
  typeof paymentsOperations &
  typeof adminBffOperations;

export type OperationId = keyof OperationTable;

export type OperationRoutes = { readonly [Id in OperationId]: OperationRoute<OperationTable[Id]> };
