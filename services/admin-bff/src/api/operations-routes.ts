import { COPY, type FailingStep, STEP_SERVICES, type StepService } from '@elts/contracts';
import { type AppEnv, AppError, InternalCallError, type InternalClient, jsonBody, queryParams, requireAdmin } from '@elts/platform';
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { pageOf } from '../queries/filters.js';
import { inParallel } from '../queries/parallel.js';
import type { AdminDb } from '../store/tables.js';

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * Payments' refusal of what was asked (no such step waiting, no schedule yet) reaches the operator as payments said
 * it, with its status; only payments being away is this service's 503.
 */
async function relayRefusal<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof InternalCallError) || error.status < 400 || error.status >= 500) throw error;
    const body = error.body as { code?: string; message?: string } | undefined;
    throw new AppError(error.status, body?.code ?? 'refused', body?.message ?? error.message);
  }
}

/**
 * Every service's failing steps, each named by its service. Payments' come with its status; a service that does not
 * answer now (away, or older) is logged and left out rather than taking the whole Cron page down.
 */
async function failingStepsOf(
  services: Record<Exclude<StepService, 'payments'>, () => InternalClient>,
  logger: { warn(object: object, message: string): void },
): Promise<FailingStep[]> {
  const lists = await Promise.all(
    (Object.keys(services) as (keyof typeof services)[]).map(async (service) => {
      try {
        const { failing_steps } = await services[service]().get<{ failing_steps: FailingStep[] }>('/internal/cron/status');
        return failing_steps.map((step) => ({ ...step, service }));
      } catch (error) {
        logger.warn({ err: error, service }, 'could not list a service’s failing steps for the Cron page');
        return [];
      }
    }),
  );
  return lists.flat();
}

/**
 * The Cron page (the schedules through the payments service, which runs them; the failing steps of payments,
 * orders and catalog), the audit log and contact messages.
 */
export function operationsRoutes(
  db: Kysely<AdminDb>,
  clients: Record<StepService, () => InternalClient>,
  logger: { warn(object: object, message: string): void },
) {
  const { payments, ...others } = clients;
  const audit = (actor: string, action: string, target: string, after: unknown, before: unknown = null) =>
    db
      .insertInto('audit_log')
      .values({
        event_id: null,
        actor,
        action,
        target,
        before: before === null ? null : JSON.stringify(before),
        after: JSON.stringify(after),
        at: new Date(),
      })
      .execute();
  const schedulerRunning = async () =>
    (await payments().get<{ cron_service: { isRunning: boolean } }>('/internal/cron/status')).cron_service.isRunning;
  /** Retries or gives up a failing step in the service it belongs to, and records who did it with the step as it was. */
  const stepAction = (action: 'retry' | 'give-up', words: (step: string) => string) =>
    new Hono<AppEnv>().post(
      `/admin/cron/steps/${action}`,
      jsonBody(
        z.strictObject({
          type: z.string({ error: 'type must name the step' }).min(1, 'type must name the step').max(100),
          key: z.string({ error: 'key must name the step' }).min(1, 'key must name the step').max(300),
          service: z.enum(STEP_SERVICES, { error: 'service must be payments, orders or catalog' }).default('payments'),
        }),
      ),
      async (c) => {
        const admin = requireAdmin(c);
        const { type, key, service } = c.req.valid('json');
        const actor = `admin:${admin.id}`;
        const step = await relayRefusal(
          clients[service]().post<{ subject: string }>(`/internal/cron/steps/${action}`, { type, key, actor }),
        );
        await audit(actor, `cron.step.${action}`, `${type} ${key}`, { action }, step);
        return c.json({ is_success: true, message: words(`${type} for ${step.subject}`), data: step });
      },
    );

  return new Hono<AppEnv>()
    .get('/admin/cron/status', async (c) => {
      requireAdmin(c);
      const [status, elsewhere] = await Promise.all([
        payments().get<{ failing_steps?: FailingStep[] }>('/internal/cron/status'),
        failingStepsOf(others, logger),
      ]);
      const failing = (status.failing_steps ?? []).map((step) => ({ ...step, service: 'payments' as const }));
      return c.json({ is_success: true, data: { ...status, failing_steps: [...failing, ...elsewhere] } });
    })
    .post(
      '/admin/cron/trigger',
      jsonBody(z.strictObject({ mode: z.enum(['normal', 'light'], { error: 'mode must be normal or light' }) })),
      async (c) => {
        const admin = requireAdmin(c);
        const { mode } = c.req.valid('json');
        const result = await payments().post('/internal/cron/trigger', { mode });
        await audit(`admin:${admin.id}`, 'cron.trigger', mode, result);
        return c.json({ is_success: true, message: `Manual cron check triggered successfully in ${mode} mode`, data: result });
      },
    )
    .post(
      '/admin/cron/control',
      jsonBody(z.strictObject({ action: z.enum(['restart', 'stop'], { error: 'action must be restart or stop' }) })),
      async (c) => {
        const admin = requireAdmin(c);
        const { action } = c.req.valid('json');
        const before = { isRunning: await schedulerRunning() };
        const result = await relayRefusal(payments().post('/internal/cron/control', { action, actor: `admin:${admin.id}` }));
        await audit(`admin:${admin.id}`, `cron.${action}`, 'scheduler', result, before);
        return c.json({ is_success: true, message: COPY.cron.controlled(action), data: result });
      },
    )
    .route('/', stepAction('retry', COPY.cron.stepRetried))
    .route('/', stepAction('give-up', COPY.cron.stepGivenUp))
    .get('/admin/audit', queryParams(pageQuery), async (c) => {
      requireAdmin(c);
      const { page, limit } = c.req.valid('query');
      const [rows, total] = await inParallel(
        () =>
          db
            .selectFrom('audit_log')
            .selectAll()
            .orderBy('at', 'desc')
            .orderBy('id', 'desc')
            .limit(limit)
            .offset((page - 1) * limit)
            .execute(),
        () =>
          db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow(),
      );
      return c.json({
        is_success: true,
        data: rows.map((row) => ({
          id: row.id,
          actor: row.actor,
          action: row.action,
          target: row.target,
          before: row.before,
          after: row.after,
          at: row.at.toISOString(),
        })),
        pagination: pageOf(page, limit, Number(total.n)),
      });
    })
    .get('/admin/messages', queryParams(pageQuery), async (c) => {
      requireAdmin(c);
      const { page, limit } = c.req.valid('query');
      const [rows, total] = await inParallel(
        () =>
          db
            .selectFrom('contact_messages')
            .selectAll()
            .orderBy('received_at', 'desc')
            .orderBy('message_id', 'desc')
            .limit(limit)
            .offset((page - 1) * limit)
            .execute(),
        () =>
          db
            .selectFrom('contact_messages')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow(),
      );
      return c.json({
        is_success: true,
        data: rows.map((row) => ({
          messageId: row.message_id,
          firstName: row.first_name,
          lastName: row.last_name,
          email: row.email,
          phone: row.phone,
          option: row.option,
          message: row.message,
          receivedAt: row.received_at.toISOString(),
        })),
        pagination: pageOf(page, limit, Number(total.n)),
      });
    });
}
