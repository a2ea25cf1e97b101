import type { ServiceName } from '../services.js';
import { catalogEvents } from './catalog.js';
import { EventRegistry } from './define.js';
import { identityEvents } from './identity.js';
import { ordersEvents } from './orders.js';
import { paymentsEvents } from './payments.js';

/** Every service's published events, by service: what a consumer decodes another service's events with. */
export const eventRegistries: Record<ServiceName, EventRegistry> = {
  identity: identityEvents,
  catalog: catalogEvents,
  orders: ordersEvents,
  payments: paymentsEvents,
  'admin-bff': new EventRegistry('admin-bff', []),
};
