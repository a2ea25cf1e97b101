import { OPERATIONS, SERVICE_NAMES } from '@elts/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerOf } from '../src/routes.js';
import { type ProductUnderTest, startProduct } from './support/product.js';

// Every service answers these for its operators and load balancers; they are the platform's, not the API's.
const PLATFORM_ROUTES = new Set(['GET /health', 'GET /ready']);

/**
 * The route-coverage check of issue 22: what the services really serve is what the operation table describes,
 * route for route and owner for owner, so the gateway, the clients and the reference cannot miss a route.
 */
describe('the operation table against the routes served', () => {
  let harness: ProductUnderTest;
  // Each service's routes, as `owner METHOD /path`: internal paths repeat across services (/internal/cron/status).
  const served = new Set<string>();

  beforeAll(async () => {
    harness = await startProduct('pglite');
    for (const name of SERVICE_NAMES) {
      for (const route of harness.product.services[name].instance.app.routes) {
        const key = `${route.method} ${route.path}`;
        if (route.method === 'ALL' || PLATFORM_ROUTES.has(key)) continue;
        served.add(`${name} ${key}`);
      }
    }
  });
  afterAll(() => harness?.stop());

  it('describes every route a service serves, with the service that serves it', () => {
    const described = new Set(OPERATIONS.map((op) => `${op.owner} ${op.method} ${op.path}`));
    expect([...served].filter((route) => !described.has(route))).toEqual([]);
  });

  it('has every operation it describes served by its owner', () => {
    const unserved = OPERATIONS.filter((op) => !served.has(`${op.owner} ${op.method} ${op.path}`));
    expect(unserved.map((op) => `${op.id}: ${op.method} ${op.path} (${op.owner})`)).toEqual([]);
  });

  it('routes each public operation to its owner at the gateway, and no internal one', () => {
    for (const op of OPERATIONS) {
      const path = op.path.replace(/:\w+/g, 'x1');
      expect(ownerOf(path), `${op.id} ${path}`).toBe(op.access === 'internal' ? undefined : op.owner);
    }
  });

  it('serves the OpenAPI document and its reference page', async () => {
    const document = await harness.call('/api/openapi.json');
    expect(document.status).toBe(200);
    expect(document.body.openapi).toBe('3.1.0');
    expect(Object.keys(document.body.paths).length).toBeGreaterThan(0);
    const page = await harness.product.gateway.request('/api/docs', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/api/docs/swagger-ui-bundle.js');
    const viewer = await harness.product.gateway.request('/api/docs/swagger-ui-bundle.js');
    expect(viewer.status).toBe(200);
    expect(viewer.headers.get('content-type')).toContain('javascript');
  });
});
