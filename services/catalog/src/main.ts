import { SERVICES } from '@elts/contracts';
import { runStandaloneService } from '@elts/platform';
import { catalogService } from './service.js';

await runStandaloneService(catalogService, SERVICES.catalog.port);
