import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from '@elts/platform';
import { eventually, silentLogger } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AllInOne, startAllInOne } from '../src/all-in-one.js';

const contact = {
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.in',
  phone: '+91 98765 43210',
  option: 'brand',
  message: 'We would like to partner.',
};
const postJson = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function projectedMessages(product: AllInOne): Promise<{ email: string; message: string }[]> {
  const db = product.infrastructure.database.forSchema('admin_bff');
  const rows = await sql<{ email: string; message: string }>`select email, message from contact_messages order by received_at`.execute(db);
  return rows.rows;
}

const web = {
  webDir: join(tmpdir(), 'no-web-build'),
  remotes: { shop: '/remotes/shop/remoteEntry.js', admin: '/remotes/admin/remoteEntry.js' },
};

describe('all-in-one topology', () => {
  let dataDir: string;
  let product: AllInOne;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'elts-aio-'));
    product = await startAllInOne({ logger: silentLogger(), nodeEnv: 'test', dataDir, env: {}, web });
  });
  afterAll(async () => {
    await product?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers health and readiness for every service behind the gateway', async () => {
    expect((await product.gateway.request('/health')).status).toBe(200);
    const ready = await product.gateway.request('/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      data: { checks: { identity: 'ok', catalog: 'ok', orders: 'ok', payments: 'ok', 'admin-bff': 'ok' } },
    });
  });

  it('routes a spec call to its service and carries the resulting event to the back office', async () => {
    const res = await product.gateway.request('/user/contact', postJson(contact));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ is_success: true, message: 'Thank you for contacting us! We will get back to you soon.' });
    await eventually(async () => (await projectedMessages(product)).length === 1);
    expect(await projectedMessages(product)).toEqual([{ email: 'asha@example.in', message: 'We would like to partner.' }]);
  });

  it('passes a service validation error through in the envelope', async () => {
    const res = await product.gateway.request('/user/contact', postJson({ ...contact, email: 'not-an-email', option: 'other' }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { is_success: boolean; message: string; fields: Record<string, string> };
    expect(body.is_success).toBe(false);
    // The first sentence for the screen, every field's own for the form.
    expect(body.message).toBe('Email must be a valid email address');
    expect(body.fields).toEqual({ email: 'Email must be a valid email address', option: 'Option must be one of brand, campus, query' });
  });

  it('answers unknown paths with 404 and never exposes internal endpoints', async () => {
    for (const path of ['/no/such/thing', '/internal/anything', '/user/../internal/x']) {
      const res = await product.gateway.request(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ is_success: false, code: 'not_found' });
    }
  });

  it('adds security headers and reveals no server version', async () => {
    const res = await product.gateway.request('/health');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('server')).toBeNull();
  });

  it('keeps all data across a restart', async () => {
    await product.stop();
    product = await startAllInOne({ logger: silentLogger(), nodeEnv: 'test', dataDir, env: {}, web });
    expect(await projectedMessages(product)).toHaveLength(1);
    const identity = product.infrastructure.database.forSchema('identity');
    const events = await sql<{ type: string }>`select type from events`.execute(identity);
    expect(events.rows).toEqual([{ type: 'ContactMessageReceived' }]);
    // And the bus resumes where it stopped: a new message is delivered exactly once.
    await product.gateway.request('/user/contact', postJson({ ...contact, message: 'Second' }));
    await eventually(async () => (await projectedMessages(product)).length === 2);
  });
});
