import { adminBffService } from '@elts/admin-bff';
import { catalogService } from '@elts/catalog';
import type { ServiceName } from '@elts/contracts';
import { identityService } from '@elts/identity';
import { ordersService } from '@elts/orders';
import { paymentsService } from '@elts/payments';
import type { ServiceModule } from '@elts/platform';

/** Every service module, for the all-in-one topology. */
export const SERVICE_MODULES: Record<ServiceName, ServiceModule> = {
  identity: identityService,
  catalog: catalogService,
  orders: ordersService,
  payments: paymentsService,
  'admin-bff': adminBffService,
};
