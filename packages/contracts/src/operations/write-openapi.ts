import { writeFileSync } from 'node:fs';
import { openApiDocument } from './openapi.js';

/** The build's last step: the reference document, next to the compiled table, for the gateway to serve as it is. */
const target = new URL('../../dist/openapi.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
