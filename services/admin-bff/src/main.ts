import { SERVICES } from '@elts/contracts';
import { runStandaloneService } from '@elts/platform';
import { adminBffService } from './service.js';

await runStandaloneService(adminBffService, SERVICES['admin-bff'].port);
