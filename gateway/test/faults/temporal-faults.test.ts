import { busAvailable, databaseAvailable, eventually, uniqueName } from '@elts/platform/testing';
import { type DurableTestTemporal, startDurableTestTemporal, temporalAvailability } from '@elts/scripts/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProductClient } from '../support/client.js';
import {
  buy,
  createProduct,
  currentMembership,
  join,
  MEMBERSHIP_KINDS,
  type Membership,
  membershipStatus,
  type Purchase,
  subscribe,
  subscribedBuyers,
  untilAnswered,
} from './members.js';
import { expectMembershipsSettled } from './membership-checks.js';
import { checkoutPayments, expectConverged, expectTimedOutOnce } from './order-checks.js';
import { FAULT_SETTINGS, startTopology, TIMEOUT_SECONDS, type Topology } from './topology.js';

/**
 * Issue 19's fault suite: the distributed topology with its workflows on Temporal. The Temporal server keeps its
 * state in PostgreSQL (databases of this run's own, dropped at the end), so killing it loses nothing it had accepted;
 * the worker runs under the supervisor, which restarts it. During a stream of purchases and memberships the worker
 * is killed -9, then the server (down for a while, across a payment timeout falling due), then the worker again.
 * Every payment and every membership must then end right, once (renewed when charged, expired when not), with nothing
 * lost on the way to Temporal and no money taken twice or kept for nothing.
 */

const available = databaseAvailable('postgres') && busAvailable('nats');
const temporal = await temporalAvailability();
if (!temporal.available) console.log(`[temporal] the Temporal fault suite is skipped: ${temporal.why}`);

/**
 * Membership years of 90 s, so cycles end during the run: renewal starts 60 s before the end, its charge 3 s after
 * the notice, checked 2 s after that; a failed charge is tried again 3 s later, three times in all (3 x (3 + 2) +
 * 2 x 3 = 21 s of the 60, so a renewal that falls due while the server is away still has time to charge).
 */
const MEMBERSHIP_CLOCKS = {
  MEMBERSHIP_PERIOD_SECONDS: '90',
  RENEWAL_LEAD_SECONDS: '60',
  RENEWAL_NOTICE_TO_CHARGE_SECONDS: '3',
  RENEWAL_CHECK_DELAY_SECONDS: '2',
  RENEWAL_RETRY_SECONDS: '3',
};
/**
 * How long the Temporal server stays down: longer than the Temporal client's own retries of a call (about 20 s), so
 * a workflow start or signal sent in the outage fails instead of waiting it out.
 */
const OUTAGE_MS = 30_000;
/** What orders answers a member whose membership has ended. */
const NOT_A_MEMBER = '403 Only active subscribers can place orders. Subscribe to unlock the deals board.';
/**
 * An activity running on the worker that is killed is given up for lost once its heartbeat is 20 s late, then
 * retried (workflows.ts): what was in flight at a kill may finish that much later, and a little more.
 */
const LOST_ACTIVITY_MS = 45_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

describe.runIf(available && temporal.available)('the distributed topology on Temporal, its worker and server killed -9', () => {
  let server: DurableTestTemporal;
  let topology: Topology;
  let client: ProductClient;
  let productId: string;
  const buyers: string[] = [];
  const memberships: Membership[] = [];
  const purchases: Purchase[] = [];
  /** Orders left unpaid and memberships whose mandate was never approved, by order id: their payments must time out. */
  const unpaid: string[] = [];
  /** The server's outage: when it was killed, when its restart began, and the payments whose timeout fell inside. */
  const outage = { killedAt: 0, restartedAt: 0, due: [] as string[] };

  const workerStarts = () => topology.supervisor.starts('worker');
  /**
   * The worker's current run got as far as polling Temporal (it logs `worker running` then): seconds, since it loads
   * the workflow bundle the build made rather than bundling at each start.
   */
  const workerRunning = (timeoutMs = 60_000) =>
    eventually(() => topology.saidSinceStart('worker', 'worker running'), timeoutMs, 250).catch(() => {
      throw new Error(`the worker is not running (${workerStarts()} starts)\n${topology.output()}\n${server.output()}`);
    });
  /** Kills the worker -9 (once it is up: it may be between a death and its restart) and waits for it to run again. */
  const killWorker = async () => {
    const before = workerStarts();
    await untilAnswered(() => topology.supervisor.kill('worker', 'SIGKILL').then(() => true));
    await eventually(() => workerStarts() > before, 10_000, 100);
    await workerRunning();
  };

  beforeAll(async () => {
    server = await startDurableTestTemporal(inject('testPostgresUrl'), `${uniqueName('faults_')}_`);
    topology = await startTopology(inject('testPostgresUrl'), inject('testNatsUrl'), {
      ...FAULT_SETTINGS,
      ...MEMBERSHIP_CLOCKS,
      TEMPORAL_ADDRESS: server.address,
    });
    expect(topology.background).toEqual(['worker']);
    client = topology.client;
    await topology.ready().catch((error) => {
      throw new Error(`the topology did not become ready: ${error}\n${topology.output()}`);
    });
    await workerRunning();
    buyers.push(...(await subscribedBuyers(topology, 'temporal.buyer', 4)));
    // The buyers keep auto-renewal on: their memberships are checked as renewing ones.
    for (const token of buyers) memberships.push(await currentMembership(client, token));
    productId = await createProduct(client, await client.adminToken(), 'Temporal Cooker', 1000);
  }, 300_000);

  afterAll(async () => {
    try {
      await topology?.stop();
    } finally {
      await server?.stop();
    }
  }, 120_000);

  /** The payments of these orders still waiting for their timeout, soonest first. */
  const pendingTimeouts = (orderIds: string[]) =>
    topology.query<{ payment_id: string; timeout_at: Date }>(
      'payments',
      `select payment_id, timeout_at from payments
       where order_id = any($1) and status in ('pending', 'processing') and timeout_at > now() order by timeout_at`,
      [orderIds],
    );

  it('streams purchases and memberships while the worker, then the Temporal server, then the worker again are killed -9', async () => {
    let streaming = true;
    const errors: unknown[] = [];
    const keepGoing = (loop: () => Promise<void>) => loop().catch((error) => errors.push(error));
    // Each buyer pays for one order and leaves the next unpaid, in turn. A buyer whose membership ended (its renewal
    // came too late in the faults) is refused, and takes a new membership as the shop asks.
    const buying = buyers.map((token) =>
      keepGoing(async () => {
        for (let pay = true; streaming; pay = !pay) {
          const purchase = await buy(client, token, productId, { pay });
          purchases.push(purchase);
          if (!pay && purchase.orderId) unpaid.push(purchase.orderId);
          if (purchase.refusal === NOT_A_MEMBER && (await membershipStatus(client, token)) !== 'active')
            memberships.push(await subscribe(client, token, 'renews'));
          await sleep(500);
        }
      }),
    );
    // New members join one after another, taking each way a membership can go in turn.
    const joining = keepGoing(async () => {
      for (let n = 0; streaming; n++) {
        const membership = await join(client, `temporal.member.${n}@example.in`, MEMBERSHIP_KINDS[n % MEMBERSHIP_KINDS.length]!);
        memberships.push(membership);
        if (membership.kind === 'abandons') unpaid.push(membership.subscriptionId);
      }
    });

    await sleep(8_000);
    const startsBefore = workerStarts();
    await killWorker();

    // The server dies just before the next unpaid payment's timeout falls due, and stays down past it.
    const [next] = await pendingTimeouts([...unpaid]);
    expect(next, 'a payment waiting for its timeout').toBeDefined();
    await sleep(next!.timeout_at.getTime() - 3_000 - Date.now());
    const pending = await pendingTimeouts([...unpaid]);
    outage.killedAt = Date.now();
    outage.due = pending.filter((p) => p.timeout_at.getTime() < outage.killedAt + OUTAGE_MS).map((p) => p.payment_id);
    // The kill happened while timeouts were pending, some of them falling due before the server is back.
    expect(outage.due.length).toBeGreaterThan(0);
    await server.kill();
    await sleep(OUTAGE_MS);
    outage.restartedAt = Date.now();
    await server.restart();
    await workerRunning();

    await sleep(5_000);
    await killWorker();
    // Some more members join with nothing failing, so renewals also fall due outside the faults.
    await sleep(15_000);
    streaming = false;
    await Promise.all([...buying, joining]);
    expect(errors).toEqual([]);

    // Each fault happened: the server started twice; the worker at least once per kill (it may also have stopped on
    // its own while the server was away, and been restarted); no other process died.
    expect(server.starts()).toBe(2);
    expect(workerStarts()).toBeGreaterThanOrEqual(startsBefore + 2);
    for (const { label } of topology.processes) expect(topology.supervisor.starts(label), `${label}\n${topology.output(label)}`).toBe(1);
    expect(purchases.filter((p) => p.paid).length).toBeGreaterThan(10);
    for (const kind of MEMBERSHIP_KINDS) expect(memberships.filter((m) => m.kind === kind).length, kind).toBeGreaterThan(1);
  }, 600_000);

  it('settles every payment: paid orders completed, unpaid ones timed out once, those due while the server was down after it was back', async () => {
    // A purchase the faults interrupted was undone, and said so; or the buyer's membership had ended (checked below).
    for (const refused of purchases.filter((p) => p.refusal))
      expect(['409 This order is already failed.', NOT_A_MEMBER]).toContain(refused.refusal);
    let open: { order_id: string; status: string }[] = [];
    await eventually(
      async () => {
        const payments = await checkoutPayments(topology, unpaid);
        open = payments.filter((p) => p.status !== 'failed');
        return payments.length === unpaid.length && open.length === 0;
      },
      TIMEOUT_SECONDS * 1000 + LOST_ACTIVITY_MS,
      1000,
    ).catch(() => {
      throw new Error(`unpaid payments not timed out: ${JSON.stringify(open)}\n${topology.output()}`);
    });
    // Each failed once, never twice.
    await expectTimedOutOnce(topology, unpaid);
    // Nothing but Temporal fails a payment by its timeout: those that fell due in the outage failed after it.
    const failed = await topology.query<{ payment_id: string; recorded_at: Date }>(
      'payments',
      "select data->>'paymentId' as payment_id, recorded_at from events where type = 'PaymentFailed' and data->>'paymentId' = any($1)",
      [outage.due],
    );
    expect(failed).toHaveLength(outage.due.length);
    for (const { payment_id, recorded_at } of failed) expect(recorded_at.getTime(), payment_id).toBeGreaterThanOrEqual(outage.restartedAt);

    const orders = purchases.filter((p) => p.orderId);
    await expectConverged(
      topology,
      productId,
      orders.filter((p) => p.paid).map((p) => p.orderId!),
      orders.filter((p) => !p.paid).map((p) => p.orderId!),
    );

    // No start was lost: every checkout payment of the run (orders and memberships) has its timeout workflow, as
    // operators find it in Temporal's UI (`payment-timeout-<payment>`), even where reconciliation failed it instead.
    const checkouts = await checkoutPayments(topology, [
      ...purchases.flatMap((p) => (p.orderId ? [p.orderId] : [])),
      ...memberships.map((m) => m.subscriptionId),
    ]);
    expect(await server.workflowsMissing(checkouts.map((p) => `payment-timeout-${p.payment_id}`))).toEqual([]);
  }, 400_000);

  it('ends every membership right: renewed when charged, expired when not, failed when never paid, never charged twice', async () => {
    const open = await topology.query<{ end_date: Date }>(
      'payments',
      "select end_date from subscriptions where subscription_id = any($1) and status = 'active'",
      [memberships.filter((m) => m.kind === 'declines' || m.kind === 'opts out').map((m) => m.subscriptionId)],
    );
    const lastEnd = Math.max(Date.now(), ...open.map((row) => row.end_date.getTime()));
    await expectMembershipsSettled(topology, memberships, lastEnd - Date.now() + LOST_ACTIVITY_MS);
    // No cycle's start was lost: every membership that began has its cycle workflow (`membership-<subscription>`).
    const begun = await topology.query<{ subscription_id: string }>(
      'payments',
      'select subscription_id from subscriptions where subscription_id = any($1) and cycle > 0',
      [memberships.map((m) => m.subscriptionId)],
    );
    expect(await server.workflowsMissing(begun.map((row) => `membership-${row.subscription_id}`))).toEqual([]);
    // Cycles did end during the run, and renewals happened through the faults.
    const renewing = memberships.filter((m) => m.kind === 'renews').map((m) => m.subscriptionId);
    const ends = await topology.query<{ status: string; renewals: number }>(
      'payments',
      `select s.status, (select count(*)::int from events e where e.type = 'SubscriptionRenewed'
         and e.data->>'subscriptionId' = s.subscription_id) as renewals
       from subscriptions s where s.subscription_id = any($1)`,
      [renewing],
    );
    const renewed = ends.filter((row) => row.renewals > 0).length;
    console.log(
      `[faults] renewing memberships: ${renewed} renewed, ${ends.filter((row) => row.status === 'expired').length} expired of ${ends.length}`,
    );
    expect(renewed).toBeGreaterThan(0);
  }, 400_000);
});
