import { SERVICE_NAMES } from '@elts/contracts';
import { sql } from '@elts/platform';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerOf } from '../../src/routes.js';
import { type CallInit, type ProductUnderTest, startProduct } from '../support/product.js';
import { ACCESS } from './access-table.js';
import { badRequestArbitrary, type FuzzCase } from './bad-requests.js';

/** Enough to matter, few enough for CI (issue 9 asks for at least 10,000); `FUZZ_RUNS` raises it locally. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);

/**
 * Bad input (issue 9, suite 2): generated requests against every public route, from valid bodies bent out of shape
 * and from nothing like them. Whatever arrives, the product answers below 500 with its envelope, and a refused
 * request leaves no event behind (events carry the id of the request that appended them).
 */
describe('bad input', () => {
  let harness: ProductUnderTest;
  const tokens: Record<FuzzCase['caller'], string | undefined> = { nobody: undefined, member: undefined, admin: undefined };
  const routes: string[] = [];

  beforeAll(async () => {
    harness = await startProduct('pglite');
    for (const name of SERVICE_NAMES) {
      for (const route of harness.product.services[name].instance.app.routes) {
        const key = `${route.method} ${route.path}`;
        // Session-ending routes are left to the matrix: fuzzing them would end the sessions the fuzzer uses.
        if (route.method === 'ALL' || ownerOf(route.path) !== name || routes.includes(key) || ACCESS[key]?.endsSession) continue;
        routes.push(key);
      }
    }
    tokens.member = await harness.subscriber('fuzz.member@example.in', 'Fuzz Member');
    tokens.admin = await harness.adminToken();
  }, 180_000);
  afterAll(async () => {
    await harness?.stop();
  });

  async function eventsAppendedBy(requestId: string): Promise<number> {
    let count = 0;
    for (const name of SERVICE_NAMES) {
      const db = harness.product.infrastructure.database.forSchema(name.replace('-', '_'));
      const found = await sql<{ n: number }>`select count(*)::int as n from events where metadata->>'correlationId' = ${requestId}`.execute(
        db,
      );
      count += found.rows[0]?.n ?? 0;
    }
    return count;
  }

  it(`answers ${RUNS} generated requests below 500, in the envelope, storing nothing when it refuses`, async () => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(badRequestArbitrary(routes), async (request) => {
        sent++;
        const token = tokens[request.caller];
        const init: CallInit = { method: request.method, ...(token ? { token } : {}) };
        if (request.body !== undefined) Object.assign(init, { raw: request.body, contentType: request.contentType });
        const response = await harness.call(request.path, init);
        const seen = `${request.method} ${request.path} as ${request.caller} → ${response.status} ${response.text.slice(0, 200)}`;
        expect(response.status, seen).toBeLessThan(500);
        if (response.status < 400) return;
        if (!(ACCESS[request.route]?.page && response.headers.get('content-type')?.startsWith('text/html'))) {
          expect(response.body, seen).toMatchObject({ is_success: false, message: expect.any(String) });
        }
        const requestId = response.headers.get('x-request-id') ?? response.body?.request_id;
        expect(requestId, seen).toEqual(expect.any(String));
        expect(await eventsAppendedBy(requestId), seen).toBe(0);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    expect(sent).toBeGreaterThanOrEqual(RUNS);
  }, 900_000);
});
