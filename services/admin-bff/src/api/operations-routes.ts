import {
  COPY,
  catalogOperations,
  type FailingStep,
  identityOperations,
  adminBffOperations as ops,
  ordersOperations,
  paymentsOperations,
  type StepService,
} from '@elts/contracts';
import { type AppEnv, AppError, InternalCallError, type InternalClient, type Logger, mount, requireAdmin } from '@elts/platform';
import { Hono } from 'hono';
import type { AdminBffContext } from '../context.js';
import { auditLogPage, insertAuditEntry } from '../store/audit-log.js';
import { contactMessagesPage } from '../store/contact-messages.js';
import { pageOf } from '../store/filters.js';

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

/** Each service's Cron operations for its workflow steps: the list of failing ones, retry now, and give up. */
const STEP_OPERATIONS = {
  payments: { retry: paymentsOperations.paymentsRetryStep, 'give-up': paymentsOperations.paymentsGiveUpStep },
  orders: {
    failing: ordersOperations.ordersFailingSteps,
    retry: ordersOperations.ordersRetryStep,
    'give-up': ordersOperations.ordersGiveUpStep,
  },
  catalog: {
    failing: catalogOperations.catalogFailingSteps,
    retry: catalogOperations.catalogRetryStep,
    'give-up': catalogOperations.catalogGiveUpStep,
  },
} as const;

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
        const { failing_steps } = await services[service]().operation(STEP_OPERATIONS[service].failing, {});
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
 * The operators by username, from identity's admin accounts. Without them the audit trail still answers, naming
 * no one: a page of who-did-what must not fail because identity is away for a moment.
 */
async function operatorsOf(identity: () => InternalClient, logger: Logger) {
  try {
    return (await identity().operation(identityOperations.adminAccounts, {})).admins;
  } catch (error) {
    logger.warn({ err: error }, 'could not read the operators’ usernames for the audit trail');
    return [];
  }
}

/**
 * The Cron page (the schedules through the payments service, which runs them; the failing steps of payments,
 * orders and catalog), the audit log and contact messages.
 */
export function operationsRoutes({ db, clients, identity, logger, clock }: AdminBffContext) {
  const { payments, ...others } = clients;
  const audit = (actor: string, action: string, target: string, after: unknown, before: unknown = null) =>
    insertAuditEntry(db, {
      actor,
      action,
      target,
      before: before === null ? null : JSON.stringify(before),
      after: JSON.stringify(after),
      at: clock.now(),
    });
  const schedulerRunning = async () => (await payments().operation(paymentsOperations.paymentsFailingSteps, {})).cron_service.isRunning;
  const app = new Hono<AppEnv>();
  /** Retries or gives up a failing step in the service it belongs to, and records who did it with the step as it was. */
  const stepAction = (
    op: typeof ops.adminCronStepRetry | typeof ops.adminCronStepGiveUp,
    action: 'retry' | 'give-up',
    words: (step: string) => string,
  ) =>
    mount(app, op, async (c) => {
      const admin = requireAdmin(c);
      const { type, key, service } = c.req.valid('json');
      const actor = `admin:${admin.id}`;
      const step = await relayRefusal(clients[service]().operation(STEP_OPERATIONS[service][action], { body: { type, key, actor } }));
      await audit(actor, `cron.step.${action}`, `${type} ${key}`, { action }, step);
      return c.json({ is_success: true, message: words(`${type} for ${step.subject}`), data: step });
    });

  mount(app, ops.adminCronStatus, async (c) => {
    const [status, elsewhere] = await Promise.all([
      payments().operation(paymentsOperations.paymentsFailingSteps, {}),
      failingStepsOf(others, logger),
    ]);
    const failing = status.failing_steps.map((step) => ({ ...step, service: 'payments' as const }));
    return c.json({ is_success: true, data: { ...status, failing_steps: [...failing, ...elsewhere] } });
  });
  mount(app, ops.adminCronTrigger, async (c) => {
    const admin = requireAdmin(c);
    const { mode } = c.req.valid('json');
    const result = await payments().operation(paymentsOperations.paymentsCronTrigger, { body: { mode } });
    await audit(`admin:${admin.id}`, 'cron.trigger', mode, result);
    return c.json({ is_success: true, message: `Manual cron check triggered successfully in ${mode} mode`, data: result });
  });
  mount(app, ops.adminCronControl, async (c) => {
    const admin = requireAdmin(c);
    const { action } = c.req.valid('json');
    const before = { isRunning: await schedulerRunning() };
    const result = await relayRefusal(
      payments().operation(paymentsOperations.paymentsCronControl, { body: { action, actor: `admin:${admin.id}` } }),
    );
    await audit(`admin:${admin.id}`, `cron.${action}`, 'scheduler', result, before);
    return c.json({ is_success: true, message: COPY.cron.controlled(action), data: result });
  });
  stepAction(ops.adminCronStepRetry, 'retry', COPY.cron.stepRetried);
  stepAction(ops.adminCronStepGiveUp, 'give-up', COPY.cron.stepGivenUp);
  mount(app, ops.adminAudit, async (c) => {
    const { page, limit, operator, ...filters } = c.req.valid('query');
    const [[rows, total], operators] = await Promise.all([
      auditLogPage(db, page, limit, { ...filters, actor: operator && `admin:${operator}` }),
      operatorsOf(identity, logger),
    ]);
    const usernames = new Map(operators.map((admin) => [`admin:${admin.id}`, admin.username]));
    return c.json({
      is_success: true,
      data: rows.map((row) => ({
        id: row.id,
        actor: row.actor,
        operator: usernames.get(row.actor) ?? null,
        action: row.action,
        target: row.target,
        before: row.before,
        after: row.after,
        at: row.at.toISOString(),
      })),
      pagination: pageOf(page, limit, Number(total.n)),
      operators,
    });
  });
  mount(app, ops.adminMessages, async (c) => {
    const { page, limit } = c.req.valid('query');
    const [rows, total] = await contactMessagesPage(db, page, limit);
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
  return app;
}
