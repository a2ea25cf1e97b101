import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { type EventRegistry, eventRegistries } from '@elts/contracts';
import { createLogger, type Database, InProcessBus, type Logger, loadMigrations, migrate, platformMigrations, sql } from '@elts/platform';
import type { Kysely } from 'kysely';

/**
 * A large, realistic data set for the back-office benchmarks, written through the bulk path: the same events the
 * services record (validated by their registries, in identity's, payments' and orders' event stores), and the
 * read models admin-bff's consumers would build from them, written in bulk beside them with admin-bff's consumer
 * checkpoints at the end of each history. A rebuild from the events gives the same read models (tested).
 * The sources' own state tables are not filled: it is a benchmark database, not one to run the product on.
 */
export interface ScaleOptions {
  members: number;
  /** Payments in all: one per subscription and per product order, the rest stand-alone product payments. */
  payments: number;
  orders: number;
  /** Seed of the pseudo-random choices, so two runs build the same shape. */
  seed?: number;
  now?: Date;
  logger?: Logger;
}

export interface ScaleCounts {
  members: number;
  subscriptions: number;
  payments: number;
  orders: number;
  events: number;
}

const ADMIN_MIGRATIONS = fileURLToPath(new URL('../../services/admin-bff/migrations', import.meta.url));
const DAY = 86_400_000;
const SUBSCRIPTION_PAISE = 117_882;
const OPEN_EVERY = 500;
/** Units each product is created with: more than the orders will ever take. */
const PRODUCT_STOCK = 1_000_000;

const FIRST = ['Aarav', 'Asha', 'Vikram', 'Meera', 'Rahul', 'Priya', 'Arjun', 'Zoya', 'Kabir', 'Ananya', 'Rohan', 'Isha', 'Dev', 'Nisha'];
const LAST = ['Rao', 'Shah', 'Iyer', 'Verma', 'Nair', 'Khan', 'Gupta', 'Reddy', 'Singh', 'Das', 'Menon', 'Patel', 'Joshi', 'Bose'];
const ITEMS = [
  'headphones',
  'backpack',
  'notebook',
  'laptop',
  'shoes',
  'watch',
  'camera',
  'desk',
  'chair',
  'lamp',
  'bottle',
  'books',
  'pens',
  'phone',
  'tablet',
  'speaker',
  'jacket',
  'perfume',
  'sunglasses',
  'wallet',
  'trimmer',
  'mixer',
  'kettle',
  'yoga mat',
  'cycle',
  'helmet',
  'guitar',
  'monitor',
  'keyboard',
  'mouse',
  'router',
  'power bank',
  'smartwatch',
  'earbuds',
  'saree',
  'kurta',
  'sneakers',
  'suitcase',
  'microwave',
  'air fryer',
];
const PRODUCTS = [
  { name: 'Sony WH-1000XM5 Wireless Headphones', brand: 'Sony', category: 'Electronics', price: 2_699_000 },
  { name: 'Nike Air Zoom Pegasus', brand: 'Nike', category: 'Clothing', price: 1_099_500 },
  { name: 'Dell XPS 13', brand: 'Dell', category: 'Electronics', price: 9_999_000 },
  { name: 'Puma Running Tee', brand: 'Puma', category: 'Sports & Outdoors', price: 99_900 },
  { name: 'Samsung Galaxy Buds', brand: 'Samsung', category: 'Electronics', price: 899_900 },
  { name: 'Philips Air Fryer', brand: 'Philips', category: 'Home & Garden', price: 749_900 },
];
const PROFESSIONS = ['student', 'professional', 'startup', 'business', 'institution'] as const;

/** mulberry32: small, fast and good enough to spread benchmark data. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T,
    chance: (p: number) => next() < p,
  };
}

type Row = Record<string, unknown>;

/** A seeded product's id, one per brand. */
const productIdOf = (product: { brand: string }) => `PRD-${product.brand.toUpperCase().slice(0, 6).padEnd(6, 'X')}`;

/** Rows waiting for one multi-row insert per table. */
class BulkWriter {
  private readonly pending = new Map<string, Row[]>();
  events = 0;

  constructor(
    private readonly dbs: Record<string, Kysely<any>>,
    private readonly batch = 1000,
  ) {}

  async add(target: string, row: Row): Promise<void> {
    const rows = this.pending.get(target) ?? [];
    rows.push(row);
    this.pending.set(target, rows);
    if (rows.length >= this.batch) await this.flush(target);
  }

  async flush(target?: string): Promise<void> {
    for (const key of target ? [target] : [...this.pending.keys()]) {
      const rows = this.pending.get(key) ?? [];
      if (rows.length === 0) continue;
      this.pending.set(key, []);
      const [schema, table] = key.split('.') as [string, string];
      await (this.dbs[schema] as Kysely<any>).insertInto(table).values(rows).execute();
    }
  }
}

class Streams {
  constructor(
    private readonly writer: BulkWriter,
    private readonly schema: string,
    private readonly registry: EventRegistry,
  ) {}

  /** One stream's events in order, as the event store would store them. */
  async record(streamId: string, events: { type: string; data: unknown; at: Date; id?: string }[]): Promise<void> {
    for (const [index, event] of events.entries()) {
      const encoded = this.registry.encode(event.type, event.data);
      this.writer.events++;
      await this.writer.add(`${this.schema}.events`, {
        // An id given when a read model keys a row by its event (admin-bff's membership_changes).
        event_id: event.id ?? randomUUID(),
        stream_id: streamId,
        stream_version: index + 1,
        type: event.type,
        schema_version: encoded.schemaVersion,
        data: JSON.stringify(encoded.data),
        metadata: JSON.stringify({ actor: 'seed:scale' }),
        recorded_at: event.at,
      });
    }
  }
}

export async function seedScale(database: Database, options: ScaleOptions): Promise<ScaleCounts> {
  const now = options.now ?? new Date();
  const rnd = random(options.seed ?? 20_261_122);
  const log = (message: string) => options.logger?.info(message);
  const dbs: Record<string, Kysely<any>> = {};
  for (const schema of ['identity', 'payments', 'orders', 'catalog', 'admin_bff']) {
    dbs[schema] = database.forSchema(schema);
    const own = schema === 'admin_bff' ? await loadMigrations(ADMIN_MIGRATIONS) : [];
    await migrate(dbs[schema] as Kysely<any>, schema, [...(await platformMigrations()), ...own]);
  }
  const existing = await sql<{ n: number }>`select count(*)::int as n from events`.execute(dbs.identity as Kysely<any>);
  if (Number(existing.rows[0]?.n) > 0) throw new Error('seed:scale fills an empty database; this one already has members');

  const writer = new BulkWriter(dbs);
  const identity = new Streams(writer, 'identity', eventRegistries.identity);
  const payments = new Streams(writer, 'payments', eventRegistries.payments);
  const orders = new Streams(writer, 'orders', eventRegistries.orders);
  const catalog = new Streams(writer, 'catalog', eventRegistries.catalog);
  const ago = (maxDays: number) => new Date(now.getTime() - rnd.next() * maxDays * DAY);
  const later = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

  // Members ---------------------------------------------------------------------------------------------------------
  const members: { id: string; at: Date; first: string; last: string; email: string; status: string }[] = [];
  for (let n = 1; n <= options.members; n++) {
    const id = randomUUID();
    const first = rnd.pick(FIRST);
    const last = rnd.pick(LAST);
    const email = `${first}.${last}.${n}@example.in`.toLowerCase();
    const at = ago(365);
    members.push({ id, at, first, last, email, status: 'none' });
    const events: { type: string; data: unknown; at: Date }[] = [
      {
        type: 'MemberRegistered',
        at,
        data: {
          memberId: id,
          memberNumber: n,
          email,
          firstname: first,
          lastname: last,
          profileImage: null,
          identityProvider: { issuer: 'seed', subject: id },
          invitationCode: null,
        },
      },
    ];
    const user: Row = {
      member_id: id,
      member_number: n,
      email,
      firstname: first,
      lastname: last,
      gender: null,
      dob: null,
      mobile: null,
      profession: null,
      persona: null,
      gst: '',
      address: null,
      profession_address: null,
      pincode: null,
      need_list: [],
      greed_list: [],
      profile_image: null,
      subscription_status: 'none',
      created_at: at,
    };
    if (rnd.chance(0.9)) {
      const gender = rnd.pick(['male', 'female', 'others'] as const);
      const dob = `${rnd.int(1965, 2007)}-${String(rnd.int(1, 12)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`;
      const mobile = `9${rnd.int(100_000_000, 999_999_999)}`;
      const profession = rnd.pick(PROFESSIONS);
      const persona = rnd.chance(0.6) ? 'Save' : 'Splurge';
      const gst = profession === 'business' && rnd.chance(0.5) ? '27AAPFU0939F1ZV' : '';
      const need = [...new Set(Array.from({ length: rnd.int(3, 5) }, () => rnd.pick(ITEMS)))];
      const greed = [...new Set(Array.from({ length: rnd.int(0, 5) }, () => rnd.pick(ITEMS)))];
      const pincode = String(rnd.int(110_001, 110_300) + rnd.pick([0, 290_000, 450_000, 490_000]));
      const address = `${rnd.int(1, 300)} ${rnd.pick(['MG Road', 'Park Street', 'Anna Salai', 'Linking Road'])}`;
      const step = later(at, 5);
      events.push(
        { type: 'PersonalDetailsUpdated', at: step, data: { memberId: id, gender, dob, firstname: first, lastname: last, mobile, email } },
        { type: 'PersonaChosen', at: step, data: { memberId: id, profession, subscriptionType: persona, gst } },
        { type: 'ListsUpdated', at: step, data: { memberId: id, needList: need, greedList: greed } },
        { type: 'ShippingDetailsUpdated', at: step, data: { memberId: id, address, professionAddress: address, pincode } },
      );
      Object.assign(user, { gender, dob, mobile, profession, persona, gst, address, profession_address: address, pincode });
      Object.assign(user, { need_list: need, greed_list: greed });
      for (const [list, items] of [
        ['need', need],
        ['greed', greed],
      ] as const) {
        for (const item of items) await writer.add('admin_bff.user_list_items', { member_id: id, list, item });
      }
    }
    await identity.record(`member-${id}`, events);
    (members.at(-1) as { user?: Row }).user = user;
    if (n % 10_000 === 0) log(`${n} members`);
  }

  // Subscriptions, each with its first payment ----------------------------------------------------------------------
  let paymentCount = 0;
  let subscriptionCount = 0;
  const payment = async (spec: {
    id: string;
    orderId: string;
    memberId: string;
    amount: number;
    type: 'subscription' | 'product_order';
    outcome: 'success' | 'failed' | 'timeout' | 'pending' | 'processing';
    at: Date;
  }) => {
    paymentCount++;
    const { id, orderId, memberId, amount, type, outcome, at } = spec;
    const settled = later(at, rnd.int(1, 15));
    const purpose = type === 'subscription' ? 'membership' : 'product_order';
    const method = rnd.pick(['upi', 'card', 'netbanking'] as const);
    const events: { type: string; data: unknown; at: Date }[] = [
      {
        type: 'PaymentInitiated',
        at,
        data: {
          paymentId: id,
          orderId,
          memberId,
          amountPaise: amount,
          currency: 'INR',
          paymentType: type,
          gateway: 'simulator',
          purpose,
          subscriptionId: type === 'subscription' ? orderId : null,
          timeoutAt: null,
        },
      },
    ];
    const row: Row = {
      payment_id: id,
      order_id: orderId,
      member_id: memberId,
      amount_paise: amount,
      currency: 'INR',
      payment_type: type,
      status: outcome === 'timeout' ? 'failed' : outcome,
      method: null,
      gateway_payment_id: null,
      failure_reason: null,
      auto_failed: false,
      timeout_minutes: null,
      purpose,
      refunded_paise: 0,
      created_at: at,
      processed_at: null,
    };
    const base = { paymentId: id, orderId, memberId, paymentType: type };
    if (outcome === 'success') {
      const gatewayPaymentId = `cf_${id}`;
      events.push({
        type: 'PaymentSucceeded',
        at: settled,
        data: { ...base, amountPaise: amount, method, gatewayPaymentId, bankReference: null, late: false },
      });
      Object.assign(row, { method, gateway_payment_id: gatewayPaymentId, processed_at: settled });
    } else if (outcome === 'failed' || outcome === 'timeout') {
      const timeout = outcome === 'timeout';
      const reason = timeout ? 'Payment timed out after 15 minutes' : 'Payment declined by the bank';
      events.push({
        type: 'PaymentFailed',
        at: timeout ? later(at, 15) : settled,
        data: { ...base, reason, method: timeout ? null : method, autoFailed: timeout, timeoutMinutes: timeout ? 15 : null },
      });
      Object.assign(row, {
        method: timeout ? null : method,
        failure_reason: reason,
        auto_failed: timeout,
        timeout_minutes: timeout ? 15 : null,
        processed_at: timeout ? later(at, 15) : settled,
      });
    } else if (outcome === 'processing') {
      events.push({ type: 'PaymentProcessing', at, data: { paymentId: id } });
    }
    await payments.record(`payment-${id}`, events);
    await writer.add('admin_bff.payments', row);
  };
  // Two payments in every OPEN_EVERY are still open, one pending and one processing, made in the last quarter hour:
  // the pending counts, the at-risk window and its partial index have rows to find at any size.
  const openOutcome = () => {
    const slot = paymentCount % OPEN_EVERY;
    return slot === 0 ? ('pending' as const) : slot === 1 ? ('processing' as const) : undefined;
  };
  const lastQuarterHour = () => new Date(now.getTime() - rnd.next() * 15 * 60_000);
  const outcomeOf = (at: Date) => {
    // Only payments of the last quarter hour can still be open.
    if (now.getTime() - at.getTime() < 15 * 60_000) return rnd.chance(0.5) ? 'pending' : 'processing';
    const r = rnd.next();
    return r < 0.85 ? 'success' : r < 0.93 ? 'failed' : 'timeout';
  };

  for (const member of members) {
    if (!rnd.chance(0.6)) continue;
    subscriptionCount++;
    const subscriptionId = `SUB-${member.id.slice(0, 8)}-${subscriptionCount}`;
    const open = openOutcome();
    const at = open ? lastQuarterHour() : new Date(Math.min(now.getTime(), later(member.at, rnd.int(10, 60 * 24 * 7)).getTime()));
    const outcome = open ?? outcomeOf(at);
    const paid = outcome === 'success';
    const status = !paid
      ? outcome === 'pending' || outcome === 'processing'
        ? 'pending'
        : 'failed'
      : rnd.chance(0.1)
        ? 'cancelled'
        : 'active';
    const start = later(at, 15);
    const end = new Date(start.getTime() + 365 * DAY);
    const events: { type: string; data: unknown; at: Date; id?: string }[] = [
      {
        type: 'SubscriptionRequested',
        at,
        data: {
          subscriptionId,
          memberId: member.id,
          planType: 'annual',
          frequency: 'yearly',
          amountPaise: SUBSCRIPTION_PAISE,
          currency: 'INR',
          autoRenewal: true,
          paymentId: `PAY-${subscriptionId}`,
          gateway: 'simulator',
          sessionId: `session_${subscriptionId}`,
          authorizationLink: null,
        },
      },
    ];
    if (paid) {
      const cycle = {
        subscriptionId,
        memberId: member.id,
        cycle: 1,
        startDate: start.toISOString(),
        endDate: end.toISOString(),
        paymentId: `PAY-${subscriptionId}`,
      };
      events.push({ type: 'SubscriptionActivated', at: start, data: cycle, id: randomUUID() });
    }
    if (status === 'failed')
      events.push({
        type: 'SubscriptionFailed',
        at: later(at, 15),
        data: { subscriptionId, memberId: member.id, reason: 'Mandate not authorised' },
      });
    if (status === 'cancelled')
      events.push({
        type: 'SubscriptionCancelled',
        at: later(start, 60),
        data: { subscriptionId, memberId: member.id, reason: 'Member cancelled', revoked: false },
      });
    events.push({
      type: 'SubscriptionStatusChanged',
      at: events.at(-1)?.at ?? at,
      data: { subscriptionId, memberId: member.id, status, validUntil: paid ? end.toISOString() : null },
    });
    await payments.record(`subscription-${subscriptionId}`, events);
    await writer.add('admin_bff.subscriptions', {
      subscription_id: subscriptionId,
      member_id: member.id,
      plan_type: 'annual',
      frequency: 'yearly',
      amount_paise: SUBSCRIPTION_PAISE,
      currency: 'INR',
      status,
      auto_renewal: status !== 'cancelled',
      created_at: at,
      start_date: paid ? start : null,
      end_date: paid ? end : null,
    });
    const activated = events.find((event) => event.type === 'SubscriptionActivated');
    if (activated?.id)
      await writer.add('admin_bff.membership_changes', {
        event_id: activated.id,
        subscription_id: subscriptionId,
        kind: 'started',
        at: start,
      });
    await writer.add('admin_bff.member_subscription_status', { member_id: member.id, status });
    member.status = status;
    await payment({
      id: `PAY-${subscriptionId}`,
      orderId: subscriptionId,
      memberId: member.id,
      amount: SUBSCRIPTION_PAISE,
      type: 'subscription',
      outcome,
      at,
    });
  }
  log(`${subscriptionCount} subscriptions`);
  for (const member of members)
    await writer.add('admin_bff.users', { ...(member as { user?: Row }).user, subscription_status: member.status });

  // The products ordered, created in the catalogue with their stock before the first order: the Drops chart's products
  // (without a window of their own, each sells in every calendar drop) and units received (decision 0170).
  const created = later(now, -200 * 24 * 60);
  for (const product of new Map(PRODUCTS.map((product) => [productIdOf(product), product])).values()) {
    const productId = productIdOf(product);
    const eventId = randomUUID();
    const data = {
      name: product.name,
      images: [],
      pricePaise: product.price,
      amazonPricePaise: null,
      category: product.category,
      brand: product.brand,
      descriptions: [],
      sku: productId,
      variantGroup: null,
      isVariantPrimary: false,
      saleStartAt: null,
      saleEndAt: null,
      isEnabled: true,
      exclusive: false,
      dropId: null,
      hsnCode: null,
      gstRatePercent: null,
    };
    await catalog.record(`product-${productId}`, [
      { type: 'ProductCreated', at: created, id: eventId, data: { productId, product: data, stock: PRODUCT_STOCK } },
    ]);
    await writer.add('admin_bff.catalog_products', { product_id: productId, product: JSON.stringify(data) });
    await writer.add('admin_bff.stock_moves', { event_id: eventId, product_id: productId, at: created, on_hand: PRODUCT_STOCK, sold: 0 });
  }

  // Product orders, each with its payment ---------------------------------------------------------------------------
  for (let n = 1; n <= options.orders; n++) {
    const member = rnd.pick(members);
    const product = rnd.pick(PRODUCTS);
    const orderId = `ORD-${String(n).padStart(7, '0')}`;
    const open = openOutcome();
    const at = open ? lastQuarterHour() : ago(180);
    const outcome = open ?? outcomeOf(at);
    const status =
      outcome === 'success'
        ? rnd.chance(0.05)
          ? 'cancelled'
          : 'completed'
        : outcome === 'pending' || outcome === 'processing'
          ? 'processing'
          : 'failed';
    const address = {
      name: `${member.first} ${member.last}`,
      phone: '9876543210',
      address: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
    };
    const paymentId = `PAY-${orderId}`;
    const productId = productIdOf(product);
    const snapshot = { name: product.name, brand: product.brand, category: product.category, images: [] as string[] };
    const events: { type: string; data: unknown; at: Date; id?: string }[] = [
      {
        type: 'OrderPlaced',
        at,
        data: {
          orderId,
          memberId: member.id,
          productId,
          product: snapshot,
          quantity: 1,
          unitPricePaise: product.price,
          creditPaise: 0,
          amountPaise: product.price,
          customer: { email: member.email, phone: '9876543210', firstName: member.first, lastName: member.last },
          shippingAddress: address,
          billingAddress: address,
        },
      },
      { type: 'OrderPaymentStarted', at, data: { orderId, memberId: member.id, paymentId } },
    ];
    const done = later(at, 15);
    const completed = randomUUID();
    if (status === 'completed' || status === 'cancelled') {
      // Its unit sold, as admin-bff's orders consumer keeps it for the Drops chart.
      await writer.add('admin_bff.stock_moves', { event_id: completed, product_id: productId, at: done, on_hand: 0, sold: 1 });
      events.push({
        type: 'OrderCompleted',
        at: done,
        id: completed,
        data: {
          orderId,
          memberId: member.id,
          productId,
          quantity: 1,
          amountPaise: product.price,
          paymentId,
          transactionId: null,
          method: 'upi',
        },
      });
    }
    if (status === 'cancelled')
      events.push({
        type: 'OrderRefunded',
        at: later(done, 60),
        data: { orderId, memberId: member.id, refundId: `RF-${orderId}`, amountPaise: product.price, reason: 'Out of stock' },
      });
    if (status === 'failed')
      events.push({
        type: 'OrderFailed',
        at: done,
        data: { orderId, memberId: member.id, productId, stage: outcome === 'timeout' ? 'timeout' : 'payment', reason: 'Payment failed' },
      });
    await orders.record(`order-${orderId}`, events);
    await writer.add('admin_bff.product_orders', {
      order_id: orderId,
      member_id: member.id,
      customer_email: member.email,
      customer_name: `${member.first} ${member.last}`,
      product_id: productId,
      product: JSON.stringify(snapshot),
      quantity: 1,
      amount_paise: product.price,
      currency: 'INR',
      status,
      // A paid order starts its fulfilment at 'paid', as admin-bff's projection records it (decision 0023); a refund
      // (cancelled) takes it out of the fulfilment queues: nothing is left to fulfil.
      fulfilment_step: status === 'completed' ? 'paid' : null,
      // When its OrderCompleted was recorded (a cancelled order was paid, then refunded).
      paid_at: status === 'completed' || status === 'cancelled' ? done : null,
      created_at: at,
    });
    await payment({ id: paymentId, orderId, memberId: member.id, amount: product.price, type: 'product_order', outcome, at });
    if (n % 10_000 === 0) log(`${n} orders`);
  }

  // Stand-alone payments up to the number asked for (checkouts abandoned before an order was kept, say) --------------
  for (let n = 1; paymentCount < options.payments; n++) {
    const member = rnd.pick(members);
    const open = openOutcome();
    const at = open ? lastQuarterHour() : ago(180);
    await payment({
      id: `PAY-X${String(n).padStart(8, '0')}`,
      orderId: `CHK-${n}`,
      memberId: member.id,
      amount: rnd.int(10, 5000) * 100,
      type: 'product_order',
      outcome: open ?? outcomeOf(at),
      at,
    });
    if (paymentCount % 50_000 === 0) log(`${paymentCount} payments`);
  }
  await writer.flush();

  // admin-bff has applied every event: its consumer groups start after the last one.
  const bus = await InProcessBus.create({
    db: database.forSchema('bus'),
    schema: 'bus',
    logger: options.logger ?? createLogger({ name: 'seed:scale', level: 'silent' }),
  });
  await bus.close();
  const checkpoints = [
    ['admin-bff.contact-messages', 'identity'],
    ['admin-bff.users', 'identity'],
    ['admin-bff.giveaway-audit', 'identity'],
    ['admin-bff.payments', 'payments'],
    ['admin-bff.orders', 'orders'],
    ['admin-bff.exchange-audit', 'orders'],
    ['admin-bff.catalog-audit', 'catalog'],
  ] as const;
  for (const [group, source] of checkpoints) {
    const last = await sql<{ p: number | null }>`select max(position) as p from events`.execute(dbs[source] as Kysely<any>);
    await sql`insert into bus_checkpoints (group_name, source, position) values (${group}, ${source}, ${Number(last.rows[0]?.p ?? 0)})
      on conflict (group_name, source) do update set position = excluded.position`.execute(database.forSchema('bus'));
  }
  // Vacuumed as well as analysed: the visibility map lets a deep page's OFFSET walk an index alone (index-only scan),
  // as autovacuum would have it on a live database.
  // (Without a table named, both cover every table of the database.)
  await sql`vacuum analyze`.execute(dbs.admin_bff as Kysely<any>);
  return {
    members: members.length,
    subscriptions: subscriptionCount,
    payments: paymentCount,
    orders: options.orders,
    events: writer.events,
  };
}
