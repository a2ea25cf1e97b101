import type { FailingStep } from '@elts/contracts';
import { type BootedService, bootService, sql } from '@elts/platform';
import { type ServiceHarness, silentLogger, TEST_SERVICE_TOKEN } from '@elts/platform/testing';
import type { CronService } from '../src/cron/cron-control.js';
import { paymentsService } from '../src/service.js';
import { internalCall, ordersStandIn, startProductCheckout } from './helpers.js';

/** What `/internal/cron/status` answers (the Cron page's data). */
export interface CronStatusData {
  cron_service: CronService;
  failing_steps: FailingStep[];
}

export async function cronStatus(payments: ServiceHarness): Promise<CronStatusData> {
  return (await internalCall(payments, '/internal/cron/status')).body.data;
}

/** The failing step of a payment, if the Cron page lists one. */
export async function failingStepOf(payments: ServiceHarness, paymentId: string) {
  return (await cronStatus(payments)).failing_steps.find((step) => step.subject === paymentId);
}

/** A product order's checkout: a pending payment whose timeout is a step. */
export async function pendingPayment(payments: ServiceHarness): Promise<string> {
  const { started } = await startProductCheckout(payments, { amountPaise: 249_900, note: 'Steel bottle x 1' });
  const { status, body } = started;
  if (status !== 200) throw new Error(`checkout answered ${status}`);
  return body.data.paymentId;
}

export async function paymentStatus(payments: ServiceHarness, paymentId: string): Promise<string | undefined> {
  return (await sql<{ status: string }>`select status from payments where payment_id = ${paymentId}`.execute(payments.db)).rows[0]?.status;
}

/**
 * An outage that fails a payment's timeout step: recording the payment's failure is refused while it lasts (as a
 * database or gateway outage fails the step), and nothing else is touched. `end` lifts it.
 */
export async function outageFor(payments: ServiceHarness, paymentId: string): Promise<{ end(): Promise<void> }> {
  await sql`create table if not exists test_outages (stream_id text primary key)`.execute(payments.db);
  await sql`create or replace function test_refuse_in_outage() returns trigger language plpgsql as $$
    begin
      if new.type = 'PaymentFailed' and exists (select 1 from test_outages where stream_id = new.stream_id) then
        raise exception 'payments database unavailable';
      end if;
      return new;
    end $$`.execute(payments.db);
  await sql`drop trigger if exists test_outage on events`.execute(payments.db);
  await sql`create trigger test_outage before insert on events for each row execute function test_refuse_in_outage()`.execute(payments.db);
  const stream = `payment-${paymentId}`;
  await sql`insert into test_outages (stream_id) values (${stream})`.execute(payments.db);
  return {
    async end() {
      await sql`delete from test_outages where stream_id = ${stream}`.execute(payments.db);
    },
  };
}

/** Another instance of the payments service on the same database and bus (a second instance, or one restarted). */
export async function anotherInstance(payments: ServiceHarness, env: Record<string, string>): Promise<BootedService> {
  const orders = ordersStandIn();
  const booted = await bootService(paymentsService, {
    database: payments.database,
    bus: payments.bus,
    logger: silentLogger(),
    nodeEnv: 'test',
    serviceToken: TEST_SERVICE_TOKEN,
    env: { PUBLIC_URL: 'http://localhost:3000', WORKFLOW_POLL_MS: '25', ...env },
    resolveService: () => ({ fetch: (request) => orders.fetch(request) }),
  });
  await booted.instance.start?.();
  return booted;
}

/** An instance's own answer to `/internal/cron/status`, whichever instance the harness fronts. */
export async function statusOf(instance: BootedService): Promise<CronStatusData> {
  const response = await instance.instance.app.request('/internal/cron/status', { headers: { 'x-service-token': TEST_SERVICE_TOKEN } });
  return ((await response.json()) as { data: CronStatusData }).data;
}
