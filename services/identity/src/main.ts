import { SERVICES } from '@elts/contracts';
import { runStandaloneService } from '@elts/platform';
import { identityService } from './service.js';

await runStandaloneService(identityService, SERVICES.identity.port);
