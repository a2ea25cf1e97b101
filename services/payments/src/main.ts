import { SERVICES } from '@elts/contracts';
import { runStandaloneService } from '@elts/platform';
import { paymentsService } from './service.js';

await runStandaloneService(paymentsService, SERVICES.payments.port);
