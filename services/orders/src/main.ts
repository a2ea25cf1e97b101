import { SERVICES } from '@elts/contracts';
import { runStandaloneService } from '@elts/platform';
import { ordersService } from './service.js';

await runStandaloneService(ordersService, SERVICES.orders.port);
