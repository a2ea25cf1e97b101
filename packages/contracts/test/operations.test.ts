import { readFileSync, writeFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  adminBffOperations,
  catalogOperations,
  identityOperations,
  OPERATIONS,
  ordersOperations,
  paymentsOperations,
  waitingRoomOperations,
} from '../src/operations/index.js';
import { openApiDocument } from '../src/operations/openapi.js';
import { addressOf, type OperationSpec, operation, pathMatcher } from '../src/operations/operation.js';

const OWNER_TABLES = {
  identity: identityOperations,
  catalog: catalogOperations,
  orders: ordersOperations,
  'orders (waiting room)': waitingRoomOperations,
  payments: paymentsOperations,
  'admin-bff': adminBffOperations,
};

describe('the operation table', () => {
  // Internal paths repeat across services (each serves its own /internal/cron/status); a route is unique per owner.
  it('names each operation once and each route once per service', () => {
    const ids = OPERATIONS.map((op) => op.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    const routes = OPERATIONS.map((op) => `${op.owner} ${op.method} ${op.path}`);
    expect(routes.filter((route, index) => routes.indexOf(route) !== index)).toEqual([]);
  });

  it('keeps internal operations under /internal and nothing else there', () => {
    for (const op of OPERATIONS) expect(op.path.startsWith('/internal/'), `${op.id} ${op.path}`).toBe(op.access === 'internal');
  });

  it('declares a schema for every path parameter, and no parameter the path lacks', () => {
    for (const op of OPERATIONS) {
      const inPath = [...op.path.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();
      const declared = op.params instanceof z.ZodObject ? Object.keys(op.params.shape).sort() : [];
      expect(declared, op.id).toEqual(inPath);
    }
  });

  it('refuses a JSON operation without a response schema', () => {
    expect(() => operation({ id: 'x', method: 'GET', path: '/x', owner: 'orders', access: 'public', summary: 'x' })).toThrow(
      /declares its response/,
    );
  });

  it('builds a call address from parameters and query, encoding each part', () => {
    const op = { path: '/product/order/:id/refund' } as Parameters<typeof addressOf>[0];
    expect(addressOf(op, { params: { id: 'OD 1/2' }, query: { page: 2, status: '', q: 'a&b' } })).toBe(
      '/product/order/OD%201%2F2/refund?page=2&q=a%26b',
    );
    expect(pathMatcher('/product/order/:id').test('/product/order/OD1')).toBe(true);
    expect(pathMatcher('/product/order/:id').test('/product/order/OD1/refund')).toBe(false);
  });
});

describe('the OpenAPI document', () => {
  const document = openApiDocument() as { paths: Record<string, Record<string, { operationId: string }>> };

  it('validates against the OpenAPI 3.1 schema', async () => {
    const result = await new Validator().validate(document);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)?.slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every operation a client can reach in production, and no internal or development-only one', () => {
    const described = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    const reachable = OPERATIONS.filter((op) => op.access !== 'internal' && !op.developmentOnly).map((op) => op.id);
    expect(described.sort()).toEqual(reachable.sort());
    // Production answers 404 for these: the development sign-in, the mailbox, the payment simulator's pages.
    expect(Object.keys(document.paths).filter((path) => /simulator|\/dev\//.test(path))).toEqual([]);
  });

  it("declares the headers handlers read: the order's Idempotency-Key and the webhook's signature", () => {
    const headersOf = (path: string) =>
      (
        (document.paths[path]?.post as unknown as { parameters?: { in: string; name: string; required: boolean }[] } | undefined)
          ?.parameters ?? []
      )
        .filter((parameter) => parameter.in === 'header')
        .map(({ name, required }) => ({ name, required }));
    expect(headersOf('/product/order')).toEqual([{ name: 'Idempotency-Key', required: false }]);
    expect(headersOf('/webhooks/cashfree')).toEqual([
      { name: 'x-webhook-signature', required: true },
      { name: 'x-webhook-timestamp', required: true },
      { name: 'x-webhook-version', required: false },
    ]);
  });
});

describe('the routes pages call by', () => {
  const target = new URL('../src/operations/routes.ts', import.meta.url);

  it('names each operation by its id in its owner’s table', () => {
    for (const [owner, table] of Object.entries(OWNER_TABLES))
      for (const [key, op] of Object.entries(table)) expect(`${owner}.${key}`).toBe(`${owner}.${(op as OperationSpec).id}`);
  });

  // routes.ts is written from the table (WRITE_ROUTES=1 npx vitest run packages/contracts/test/operations.test.ts):
  // it holds no schema, so a page that calls an operation does not load the schema library.
  it('is written from the table as it is now', () => {
    const expected = routesSource(OPERATIONS);
    if (process.env.WRITE_ROUTES === '1') writeFileSync(target, expected);
    expect(readFileSync(target, 'utf8')).toBe(expected);
  });
});

function routesSource(operations: readonly OperationSpec[]): string {
  const lines = [...operations]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((op) => `  ${op.id}: { id: '${op.id}', method: '${op.method}', path: '${op.path}' },`);
  return [
    '// Written from the operation table by packages/contracts/test/operations.test.ts (WRITE_ROUTES=1): do not edit.',
    "import type { OperationRoutes } from './table.js';",
    '',
    '/** Each operation as a page calls it: id, method and path, typed as the operation, with no schema behind it. */',
    'export const API: OperationRoutes = {',
    ...lines,
    '};',
    '',
  ].join('\n');
}
