/**
 * The drop alerts benchmark (issue 37's targets, docs/decisions/0168): members with ten list items each and a drop of
 * 15 products, on PostgreSQL. From the trigger, the catalog's step as it runs (its matcher over every member's
 * lists, its calls of at most 1,000 members and 90 KiB) into identity's `POST /internal/drop-alerts`, until every
 * message is queued (target 60 s); then identity's delivery loops to the local fakes (SMTP, the push service,
 * WhatsApp's Cloud API) until every outbox is empty (target 5 minutes). One Node process: identity, the catalog's
 * step and the fakes share its one thread; PostgreSQL is a separate process. Members are seeded in bulk: half never
 * chose (the inbox), three in ten chose mail, one in ten Web Push with one device, one in ten WhatsApp with an opt-in;
 * quiet hours away from now. The catalog's read of its members' lists is not in it (the members are given in memory).
 * The baseline is a call of one member, measured in the same run. A measurement, not a test.
 * Usage: npm run bench:alerts [-- --members 50000 --delivery-seconds 600]   (DATABASE_URL: a server where a database
 * may be created; default postgres://postgres@127.0.0.1:5432/postgres; the bench's database is dropped at the end)
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { indianWallClock } from '@elts/contracts';
import { identityService } from '@elts/identity';
import { bootService, createLogger, InProcessBus, openDatabase, sql } from '@elts/platform';
import pg from 'pg';
import webPush from 'web-push';
import { CALL_LIMITS, inCalls } from '../../../services/catalog/src/alerts/drop-alert-jobs.js';
import { dropMatchesByMember } from '../../../services/catalog/src/alerts/drop-matches.js';
import { LABELLED_MEMBERS, LABELLED_PRODUCTS } from '../../../services/catalog/test/matching/labelled-set.js';
import { startPushServiceFake } from '../../../services/identity/test/push-service-fake.js';
import { startSmtpFake } from '../../../services/identity/test/smtp-fake.js';
import { startWhatsAppCloudFake } from '../../../services/identity/test/whatsapp-cloud-fake.js';

const { values } = parseArgs({
  options: { members: { type: 'string', default: '50000' }, 'delivery-seconds': { type: 'string', default: '600' } },
});
const memberCount = Number(values.members);
const deliveryLimitMs = Number(values['delivery-seconds']) * 1000;
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = `bench_alerts_${randomBytes(4).toString('hex')}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();
const admin = async (statement: string) => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};

const PHONE_NUMBER_ID = '106540352242922';
const TOKEN = `EAAG${'x'.repeat(40)}`;
const HOUR_MS = 3_600_000;
const seconds = (ms: number) => (ms / 1000).toFixed(1);

await admin(`create database "${databaseName}"`);
const smtp = await startSmtpFake();
const push = await startPushServiceFake();
const meta = await startWhatsAppCloudFake({
  phoneNumberId: PHONE_NUMBER_ID,
  accessToken: TOKEN,
  templates: [
    { name: 'drop_alert', language: 'en', category: 'MARKETING', bodyParameters: 2 },
    { name: 'waitlist_reserved', language: 'en', category: 'UTILITY', bodyParameters: 4 },
  ],
});
const vapid = webPush.generateVAPIDKeys();
const logger = createLogger({ name: 'bench:alerts', level: 'warn' });
const database = await openDatabase({ url: databaseUrl });
const bus = await InProcessBus.create({ db: database.forSchema('bus'), schema: 'bus', logger });
const serviceToken = 'bench-service-token-'.padEnd(48, 'x');
const { instance } = await bootService(identityService, {
  database,
  bus,
  logger,
  nodeEnv: 'development',
  serviceToken,
  env: {
    PUBLIC_URL: 'http://localhost:3000',
    // Pooled connections, as a busy sender would set it (nodemailer reads pool=true from the URL).
    SMTP_URL: `${smtp.url}?pool=true`,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    WEB_PUSH_CA_FILE: push.caFile,
    WEB_PUSH_TEST_ORIGINS: push.origin,
    WHATSAPP_ACCESS_TOKEN: TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
    WHATSAPP_API_URL: meta.url,
  },
  resolveService: () => ({ fetch: () => new Response('{"is_success":true,"data":{}}') }),
});
const db = database.forSchema('identity');

try {
  const seedStarted = performance.now();
  await sql`
    insert into members (id, member_number, email, sign_in_email, provider_issuer, provider_subject, created_at, updated_at)
    select gen_random_uuid(), n, 'member' || n || '@bench.example.in', 'member' || n || '@bench.example.in', 'bench', 'm' || n, now(), now()
    from generate_series(1, ${memberCount}) n`.execute(db);
  // Quiet hours away from now, so what is queued may go at once and delivery can be timed.
  const quiet = (hours: number) => indianWallClock(new Date(Date.now() + hours * HOUR_MS)).slice(11, 16);
  await sql`
    insert into alert_preferences (member_id, need_list, greed_list, email, inbox, push, whatsapp, quiet_from, quiet_until,
      wake_at_opening, muted_items, unsubscribe_key, updated_at)
    select id, true, true, member_number % 10 between 5 and 7, true, member_number % 10 = 8, member_number % 10 = 9,
      ${quiet(2)}, ${quiet(3)}, false, '{}', substr(md5(random()::text) || md5(random()::text), 1, 43), now()
    from members where member_number % 10 >= 5`.execute(db);
  await sql`
    insert into whatsapp_opt_ins (id, member_id, mobile, wording, opted_in_at)
    select gen_random_uuid(), id, '+91 9' || lpad((member_number % 1000000000)::text, 9, '0'), 'bench', now()
    from members where member_number % 10 = 9`.execute(db);
  const pushMembers = await sql<{ id: string }>`select id from members where member_number % 10 = 8`.execute(db);
  const devices = pushMembers.rows.map((member) => {
    const subscription = push.subscribe(vapid.publicKey).json;
    return `('${crypto.randomUUID()}', '${member.id}', '${subscription.endpoint}', '${subscription.keys.p256dh}', '${subscription.keys.auth}', now())`;
  });
  for (let start = 0; start < devices.length; start += 1000)
    await sql
      .raw(
        `insert into push_subscriptions (id, member_id, endpoint, p256dh, auth, created_at) values ${devices.slice(start, start + 1000).join(',')}`,
      )
      .execute(db);
  const members = await sql<{ id: string; n: number }>`select id, member_number as n from members order by member_number`.execute(db);
  console.log(`\nseeded ${memberCount} members in ${seconds(performance.now() - seedStarted)} s`);

  // Each member's ten items drawn from the labelled set's, which repeat as members' items do (bench:matching's draw).
  const items = LABELLED_MEMBERS.flatMap((member) => [...Object.keys(member.need), ...Object.keys(member.greed)]);
  const pick = (index: number) => items[(index * 7919) % items.length] as string;
  const lists = members.rows.map((member) => ({
    memberId: member.id,
    need: [0, 1, 2, 3, 4].map((i) => pick(member.n * 10 + i)),
    greed: [5, 6, 7, 8, 9].map((i) => pick(member.n * 10 + i)),
  }));
  const products = LABELLED_PRODUCTS.slice(0, 15);
  const opensAt = new Date(Date.now() + 3 * HOUR_MS).toISOString();
  const call = async (dropId: string, batch: unknown[]) => {
    const response = await instance.app.request('/internal/drop-alerts', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-token': serviceToken },
      body: JSON.stringify({ dropId, moment: 'preview', opensAt, members: batch }),
    });
    const body = (await response.json()) as { data: { outcomes: Record<string, number> } };
    if (response.status !== 200) throw new Error(`drop-alerts answered ${response.status}: ${JSON.stringify(body)}`);
    return body.data.outcomes;
  };

  // The baseline: one member's call, on a drop of its own (median of 20).
  const oneMember = dropMatchesByMember(lists.slice(0, 1), products);
  const baselines: number[] = [];
  for (let run = 0; run < 20; run++) {
    const started = performance.now();
    await call(`bench-baseline-${run}`, oneMember);
    baselines.push(performance.now() - started);
  }
  const baseline = baselines.sort((a, b) => a - b)[10] as number;

  const triggered = performance.now();
  const cpuAtTrigger = process.cpuUsage();
  const matched = dropMatchesByMember(lists, products);
  const matchedAt = performance.now();
  const outcomes: Record<string, number> = {};
  const calls = inCalls(matched, CALL_LIMITS);
  for (const batch of calls)
    for (const [outcome, count] of Object.entries(await call('bench-drop', batch))) outcomes[outcome] = (outcomes[outcome] ?? 0) + count;
  const queuedAt = performance.now();
  const queueMs = queuedAt - triggered;
  // The process's own CPU (identity, the catalog's step, and the fakes' share of delivery meanwhile): on a machine
  // shared with other work, the wall time says as much about the neighbours as about the code.
  const queueCpu = process.cpuUsage(cpuAtTrigger);
  console.log(`baseline: a call of one member ${baseline.toFixed(1)} ms (median of 20)`);
  console.log(`matching: ${matched.length} of ${memberCount} members matched in ${seconds(matchedAt - triggered)} s`);
  console.log(
    `queued: ${calls.length} calls, outcomes ${JSON.stringify(outcomes)}, every message queued ${seconds(queueMs)} s after the trigger ` +
      `(target 60 s; ${(queueMs / matched.length).toFixed(2)} ms a member; ${(queueMs / baseline).toFixed(0)} × baseline); ` +
      `the process used ${seconds((queueCpu.user + queueCpu.system) / 1000)} s of CPU meanwhile; load average ${os.loadavg()[0]?.toFixed(1)}`,
  );

  const waiting = async () => {
    const { rows } = await sql<{ mail: number; push: number; whatsapp: number }>`
      select (select count(*)::int from mail_outbox where status in ('pending', 'sending')) as mail,
        (select count(*)::int from push_outbox where status in ('pending', 'sending')) as push,
        (select count(*)::int from whatsapp_outbox where status in ('pending', 'sending')) as whatsapp`.execute(db);
    return rows[0] as { mail: number; push: number; whatsapp: number };
  };
  // Delivery runs in identity's loops, started as the service starts them.
  await instance.start?.();
  let left = await waiting();
  while (left.mail + left.push + left.whatsapp > 0 && performance.now() - queuedAt < deliveryLimitMs) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    left = await waiting();
  }
  const deliveredMs = performance.now() - triggered;
  const done = left.mail + left.push + left.whatsapp === 0;
  console.log(
    `delivery: ${smtp.received.length} mails, ${push.received.length} pushes, ${meta.received.length} WhatsApp messages received by the fakes; ` +
      (done
        ? `every outbox empty ${seconds(deliveredMs)} s after the trigger (target 300 s)`
        : `still waiting after ${seconds(deliveredMs)} s: ${JSON.stringify(left)}`),
  );
} finally {
  await instance.stop?.();
  await bus.close();
  await database.close();
  await Promise.all([smtp.close(), push.close(), meta.close()]);
  await admin(`drop database if exists "${databaseName}" with (force)`);
}
