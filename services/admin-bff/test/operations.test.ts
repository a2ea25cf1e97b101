import { randomUUID } from 'node:crypto';
import { contactMessageReceivedEvent, invitationCreatedEvent } from '@elts/contracts/testing';
import { DATABASE_KINDS, databaseAvailable, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogProduct, FAILING_STEP, minutesAgo, ORDER_STEP, record, type SchedulerCalls, settled, startAdminBff } from './helpers.js';

describe.each(DATABASE_KINDS)('the Cron page, the audit log and contact messages on %s', (kind) => {
  const available = databaseAvailable(kind);
  let harness: ServiceHarness;
  let admin: { token: string; adminId: string };
  let calls: SchedulerCalls;
  let accounts: { id: string; username: string }[];

  beforeAll(async () => {
    if (!available) return;
    ({ harness, admin, calls, accounts } = await startAdminBff(kind));
  });
  afterAll(async () => harness?.close());

  const call = (path: string, body?: unknown) =>
    harness.json(path, { method: body === undefined ? 'GET' : 'POST', token: admin.token, ...(body === undefined ? {} : { body }) });

  it.runIf(available)(
    'shows the scheduler status as payments reports it, with the failing steps of every service that answers',
    async () => {
      const { status, body } = await call('/admin/cron/status');
      expect(status).toBe(200);
      expect(body).toEqual({
        is_success: true,
        data: {
          cron_service: {
            driver: 'embedded',
            isRunning: true,
            successCount: 8,
            errorCount: 2,
            lastRunTime: '2026-11-20T04:30:00.000Z',
            nextRunTime: '2026-11-20T05:15:00.000Z',
            jobs: ['paymentReconciliation', 'dealDropWindows'],
          },
          failing_steps: [
            { ...FAILING_STEP, service: 'payments' },
            { ...ORDER_STEP, service: 'orders' },
          ],
          uptime: 7384,
          memory_usage: { heapUsed: 52_428_800, heapTotal: 104_857_600 },
          server_time: '2026-11-20T05:00:00.000Z',
        },
      });
    },
  );

  it.runIf(available)('triggers a check in normal or light mode with the spec banner, and records who did it', async () => {
    for (const mode of ['normal', 'light'] as const) {
      const { status, body } = await call('/admin/cron/trigger', { mode });
      expect(status).toBe(200);
      expect(body).toMatchObject({ is_success: true, message: `Manual cron check triggered successfully in ${mode} mode` });
      expect(body.data).toEqual({ checked: 3, settled: mode === 'light' ? 1 : 0 });
    }
    expect(calls.triggers).toEqual(['normal', 'light']);
    const refused = await call('/admin/cron/trigger', { mode: 'heavy' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('mode must be normal or light');
    expect(calls.triggers).toHaveLength(2);
  });

  it.runIf(available)('stops and restarts the schedules with the spec banner', async () => {
    const stop = await call('/admin/cron/control', { action: 'stop' });
    // The spec's 'Cron service {action}ed successfully', in English for each action.
    expect(stop.body).toMatchObject({ is_success: true, message: 'Cron service stopped successfully', data: { isRunning: false } });
    expect((await call('/admin/cron/status')).body.data.cron_service.isRunning).toBe(false);
    const restart = await call('/admin/cron/control', { action: 'restart' });
    expect(restart.body).toMatchObject({ message: 'Cron service restarted successfully', data: { isRunning: true } });
    // Payments stores who stopped it (decision 0034).
    expect(calls.controls).toEqual([`stop by admin:${admin.adminId}`, `restart by admin:${admin.adminId}`]);
    expect((await call('/admin/cron/control', { action: 'pause' })).status).toBe(400);
  });

  it.runIf(available)('lists every admin write newest first: cron actions and invitations an admin created', async () => {
    await record(harness, 'identity', 'invitation-ELTS-ADMIN1', [
      invitationCreatedEvent('ELTS-ADMIN1', { createdBy: { kind: 'admin', id: admin.adminId } }),
    ]);
    await record(harness, 'identity', 'invitation-ELTS-MEMBER', [
      invitationCreatedEvent('ELTS-MEMBER', { createdBy: { kind: 'member', id: randomUUID() } }),
    ]);
    await settled(harness, admin);
    const { body } = await call('/admin/audit');
    const actions = body.data.map((row: { action: string; target: string }) => `${row.action} ${row.target}`);
    expect(actions).toEqual([
      'invitation.create ELTS-ADMIN1',
      'cron.restart scheduler',
      'cron.stop scheduler',
      'cron.trigger light',
      'cron.trigger normal',
    ]);
    expect(body.data.every((row: { actor: string }) => row.actor === `admin:${admin.adminId}`)).toBe(true);
    expect(body.data[0].after).toMatchObject({ code: 'ELTS-ADMIN1' });
    expect(body.data[3]).toMatchObject({ before: null, after: { checked: 3, settled: 1 } });
    // Stopped, then restarted: each control row says how the scheduler stood before it.
    expect(body.data[2]).toMatchObject({ before: { isRunning: true }, after: { isRunning: false } });
    expect(body.data[1]).toMatchObject({ before: { isRunning: false }, after: { isRunning: true } });
    expect(body.pagination).toMatchObject({ currentPage: 1, totalPages: 1, totalCount: 5, limit: 20 });
    const second = (await call('/admin/audit?limit=2&page=2')).body;
    expect(second.data.map((row: { action: string }) => row.action)).toEqual(['cron.stop', 'cron.trigger']);
    expect(second.pagination).toMatchObject({ totalPages: 3, hasPrev: true, hasNext: true });
  });

  it.runIf(available)('names the operator, and filters by operator, action and Indian day', async () => {
    // Another operator's invitation, recorded on 20/11/2026 at 00:10 in India (still the 19th in UTC).
    const other = randomUUID();
    accounts.push({ id: other, username: 'ravi.ops' });
    await record(
      harness,
      'identity',
      'invitation-ELTS-RAVI01',
      [invitationCreatedEvent('ELTS-RAVI01', { createdBy: { kind: 'admin', id: other } })],
      new Date('2026-11-19T18:40:00Z'),
    );
    await settled(harness, admin);
    const all = (await call('/admin/audit?limit=100')).body;
    expect(all.operators).toEqual([
      { id: admin.adminId, username: 'asha.ops' },
      { id: other, username: 'ravi.ops' },
    ]);
    expect(all.data.find((row: { target: string }) => row.target === 'ELTS-RAVI01').operator).toBe('ravi.ops');
    expect(all.data.filter((row: { operator: string }) => row.operator === 'asha.ops').length).toBe(all.data.length - 1);

    const targets = async (query: string) => (await call(`/admin/audit?${query}`)).body.data.map((row: { target: string }) => row.target);
    expect(await targets(`operator=${other}`)).toEqual(['ELTS-RAVI01']);
    expect(await targets('action=invitation.create&operator=')).toEqual(expect.arrayContaining(['ELTS-RAVI01']));
    expect(await targets('action=cron.trigger')).not.toContain('ELTS-RAVI01');
    expect(await targets('startDate=2026-11-20&endDate=2026-11-20')).toEqual(['ELTS-RAVI01']);
    expect(await targets('startDate=2026-11-19&endDate=2026-11-19')).toEqual([]);
    // A filter the page never sends is refused with a sentence.
    const wrong = await call('/admin/audit?action=product.delete');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatch(/^Action must be one of: product\.create, /);
    expect((await call('/admin/audit?operator=ops')).body.error).toBe('Operator must be one of the operators listed.');
  });

  it.runIf(available)('retries a failing step now or gives it up, records who did it, and relays a refusal', async () => {
    const step = { type: FAILING_STEP.type, key: FAILING_STEP.key };
    const retried = await call('/admin/cron/steps/retry', step);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ message: 'Step membership.expiry for MEM-1 will run again now', data: FAILING_STEP });
    const givenUp = await call('/admin/cron/steps/give-up', step);
    expect(givenUp.body).toMatchObject({ message: 'Step membership.expiry for MEM-1 given up: it will not run again' });
    const actor = `admin:${admin.adminId}`;
    expect(calls.steps).toEqual([
      { action: 'retry', ...step, actor },
      { action: 'give-up', ...step, actor },
    ]);

    const audit = (await call('/admin/audit?limit=2')).body.data;
    expect(audit).toMatchObject([
      { actor, action: 'cron.step.give-up', target: 'membership.expiry MEM-1:c1', before: FAILING_STEP },
      { actor, action: 'cron.step.retry', target: 'membership.expiry MEM-1:c1', before: FAILING_STEP },
    ]);

    // Payments' own refusal, with its words; a body that names no step never reaches payments.
    const gone = await call('/admin/cron/steps/give-up', { type: 'membership.expiry', key: 'MEM-2:c1' });
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('That step is not waiting to run: it has succeeded, been given up, or does not exist.');
    const unnamed = await call('/admin/cron/steps/retry', { type: 'membership.expiry' });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error).toContain('key must name the step');
    expect(calls.steps).toHaveLength(3);
  });

  it.runIf(available)('retries or gives up a failing step in the service it belongs to', async () => {
    const step = { type: ORDER_STEP.type, key: ORDER_STEP.key, service: 'orders' };
    const before = calls.steps.length;
    const retried = await call('/admin/cron/steps/retry', step);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({
      message: `Step ${ORDER_STEP.type} for ${ORDER_STEP.subject} will run again now`,
      data: ORDER_STEP,
    });
    const gone = await call('/admin/cron/steps/give-up', { ...step, key: 'ORD-8' });
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('That step is not waiting to run: it has succeeded, been given up, or does not exist.');
    const actor = `admin:${admin.adminId}`;
    expect(calls.orderSteps).toEqual([
      { action: 'retry', type: ORDER_STEP.type, key: ORDER_STEP.key, actor },
      { action: 'give-up', type: ORDER_STEP.type, key: 'ORD-8', actor },
    ]);
    expect(calls.steps).toHaveLength(before);
    const unknown = await call('/admin/cron/steps/retry', { ...step, service: 'identity' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('service must be payments, orders or catalog');
    // Catalog does not answer here: its steps cannot be acted on, and payments is not asked in its place.
    const away = await call('/admin/cron/steps/retry', { ...step, service: 'catalog' });
    expect(away.status).toBeGreaterThanOrEqual(500);
    expect(calls.steps).toHaveLength(before);
  });

  it.runIf(available)('lists contact messages newest first with every field of the form', async () => {
    const older = randomUUID();
    const newer = randomUUID();
    await record(
      harness,
      'identity',
      `contact-${older}`,
      [contactMessageReceivedEvent(older, { option: 'brand', firstName: 'Priya' })],
      minutesAgo(60),
    );
    await record(harness, 'identity', `contact-${newer}`, [contactMessageReceivedEvent(newer)], minutesAgo(5));
    await settled(harness, admin);
    const { body } = await call('/admin/messages');
    expect(body.data.map((m: { messageId: string }) => m.messageId)).toEqual([newer, older]);
    expect(body.data[1]).toMatchObject({
      messageId: older,
      firstName: 'Priya',
      lastName: 'Kumar',
      email: 'ravi@example.in',
      phone: '9876543210',
      option: 'brand',
      message: 'When is the next drop?',
    });
    expect(body.pagination).toMatchObject({ totalCount: 2, totalPages: 1 });
  });

  it.runIf(available)('audits the catalog writes of admins with the product before and after, not the system jobs', async () => {
    const actor = { actor: `admin:${admin.adminId}` };
    const created = catalogProduct();
    const updated = catalogProduct({ pricePaise: 2_499_000 });
    await record(harness, 'catalog', 'product-PRD-AUDIT1', [
      { type: 'ProductCreated', data: { productId: 'PRD-AUDIT1', product: created, stock: 10 }, metadata: actor },
      { type: 'ProductUpdated', data: { productId: 'PRD-AUDIT1', product: updated, changed: ['pricePaise'] }, metadata: actor },
      { type: 'ProductDisabled', data: { productId: 'PRD-AUDIT1' }, metadata: actor },
      { type: 'StockAdjusted', data: { productId: 'PRD-AUDIT1', available: 4, previousAvailable: 10 }, metadata: actor },
    ]);
    await record(harness, 'catalog', 'product-PRD-DEMO01', [
      { type: 'ProductCreated', data: { productId: 'PRD-DEMO01', product: created, stock: 5 }, metadata: { actor: 'system:demo-catalog' } },
    ]);
    const window = { opensAt: '2026-11-27T18:30:00.000Z', closesAt: '2026-11-29T18:30:00.000Z', label: 'Black Friday' };
    await record(harness, 'catalog', 'drop-DROP-1', [{ type: 'DropScheduled', data: { dropId: 'DROP-1', ...window }, metadata: actor }]);
    await record(harness, 'catalog', 'early-access', [
      { type: 'EarlyAccessGranted', data: { email: 'early@example.in' }, metadata: actor },
      { type: 'EarlyAccessRevoked', data: { email: 'early@example.in' }, metadata: actor },
    ]);
    await settled(harness, admin);
    const { body } = await call('/admin/audit?limit=100');
    const catalogRows = body.data.filter((row: { action: string }) => /^(product|drop|early-access)\./.test(row.action));
    expect(catalogRows.map((row: { action: string; target: string }) => `${row.action} ${row.target}`).sort()).toEqual([
      'drop.schedule DROP-1',
      'early-access.grant early@example.in',
      'early-access.revoke early@example.in',
      'product.create PRD-AUDIT1',
      'product.disable PRD-AUDIT1',
      'product.stock PRD-AUDIT1',
      'product.update PRD-AUDIT1',
    ]);
    const byAction = (action: string) => catalogRows.find((row: { action: string }) => row.action === action);
    expect(byAction('product.create')).toMatchObject({ actor: `admin:${admin.adminId}`, before: null, after: { ...created, stock: 10 } });
    expect(byAction('product.update')).toMatchObject({ before: created, after: updated });
    expect(byAction('product.disable')).toMatchObject({ before: { isEnabled: true }, after: { isEnabled: false } });
    expect(byAction('product.stock')).toMatchObject({ before: { available: 10 }, after: { available: 4 } });
    expect(byAction('drop.schedule')).toMatchObject({ before: null, after: window });
    expect(byAction('early-access.revoke')).toMatchObject({ before: { earlyAccess: true }, after: { earlyAccess: false } });
  });

  it.runIf(available)('audits when a retail price was recorded: set, checked again, or left alone by a save', async () => {
    // Decision 0166: a price checked again changes no other field, so its entry says when it was recorded.
    const actor = { actor: `admin:${admin.adminId}` };
    const product = catalogProduct();
    const at = new Date('2026-11-28T06:00:00.000Z');
    await record(
      harness,
      'catalog',
      'product-PRD-RETAIL',
      [
        { type: 'ProductCreated', data: { productId: 'PRD-RETAIL', product, stock: 3 }, metadata: actor },
        { type: 'ProductUpdated', data: { productId: 'PRD-RETAIL', product, changed: ['amazonPricePaise'] }, metadata: actor },
        {
          type: 'ProductUpdated',
          data: { productId: 'PRD-RETAIL', product: { ...product, name: 'XM5' }, changed: ['name'] },
          metadata: actor,
        },
      ],
      at,
    );
    await settled(harness, admin);
    const { body } = await call('/admin/audit?limit=100');
    const rows = body.data.filter((row: { target: string }) => row.target === 'PRD-RETAIL');
    const recorded = (row: { after: Record<string, unknown> }) => row.after.amazonPriceRecordedAt;
    expect(rows.map((row: { action: string }) => row.action).sort()).toEqual(['product.create', 'product.update', 'product.update']);
    expect(rows.filter((row: { action: string }) => row.action === 'product.create').map(recorded)).toEqual([at.toISOString()]);
    expect(
      rows
        .filter((row: { action: string }) => row.action === 'product.update')
        .map(recorded)
        .sort(),
    ).toEqual([at.toISOString(), undefined]);
  });
});
