import { MEMBERSHIP_CREDIT, MINIMUM_PAYMENT_PAISE, type ProductForOrder } from '@elts/contracts';
import { createServiceApp } from '@elts/platform';
import { silentLogger } from '@elts/platform/testing';

type Hold = { productId: string; quantity: number; state: 'held' | 'released' | 'committed' | 'handed' };

/**
 * The catalog's internal stock API, in memory, with the same rules: holds and moves idempotent per order id. A product
 * with `holdAnswerLost` takes its holds but answers 503, as a saturated catalog whose answer never arrives.
 */
export function catalogStandIn(products: Record<string, Partial<ProductForOrder> & { stock: number; holdAnswerLost?: boolean }>) {
  const holds = new Map<string, Hold>();
  const available = (id: string) => {
    const product = products[id];
    if (!product) return 0;
    const taken = [...holds.values()]
      .filter((h) => h.productId === id && h.state !== 'released' && h.state !== 'handed')
      .reduce((sum, h) => sum + h.quantity, 0);
    return product.stock - taken;
  };
  const app = createServiceApp({ name: 'catalog', logger: silentLogger() });
  /** How often each product was read: what a placement asked the catalog. */
  const reads = new Map<string, number>();
  app.get('/internal/products/:id', async (c) => {
    reads.set(c.req.param('id'), (reads.get(c.req.param('id')) ?? 0) + 1);
    const pause = paused.get(c.req.param('id'));
    if (pause?.reads) {
      pause.asked++;
      await pause.until;
    }
    const product = products[c.req.param('id')];
    if (!product) return c.json({ is_success: false, message: 'Product not found' }, 404);
    const view: ProductForOrder = {
      id: c.req.param('id'),
      name: 'Noise-cancelling headphones',
      brand: 'Sony',
      category: 'Electronics',
      images: ['/product/images/headphones.svg'],
      pricePaise: 1_999_900,
      amazonPricePaise: 2_999_000,
      isEnabled: true,
      saleStartAt: null,
      saleEndAt: null,
      dropId: null,
      variantGroup: null,
      ...product,
      available: available(c.req.param('id')),
    };
    return c.json({ is_success: true, data: view });
  });
  /**
   * Holds of a product made to wait, as a catalog under load would, and how many have been asked meanwhile; `taken`:
   * the hold is made first and only its answer waits (the placement's process may die meanwhile); `reads`: the
   * product's reads wait instead (a burst of buyers all arrive before the first read is answered).
   */
  const paused = new Map<string, { asked: number; until: Promise<void>; taken: boolean; reads: boolean }>();
  const pauseHolds = (id: string, { taken = false, reads = false } = {}) => {
    let resume!: () => void;
    const pause = { asked: 0, until: new Promise<void>((resolve) => (resume = resolve)), taken, reads };
    paused.set(id, pause);
    return {
      asked: () => pause.asked,
      resume: () => {
        paused.delete(id);
        resume();
      },
    };
  };
  /** The catalog down for holds (503), until restored. */
  let holdsDown = false;
  const failHolds = () => {
    holdsDown = true;
    return { restore: () => (holdsDown = false) };
  };
  app.post('/internal/stock/hold', async (c) => {
    if (holdsDown) return c.json({ is_success: false, message: 'Service temporarily unavailable.' }, 503);
    const { orderId, productId, quantity } = await c.req.json();
    const pause = paused.get(productId);
    if (pause && !pause.taken && !pause.reads) {
      pause.asked++;
      await pause.until;
    }
    const existing = holds.get(orderId);
    if (existing && products[productId]?.holdAnswerLost)
      return c.json({ is_success: false, message: 'Service temporarily unavailable.' }, 503);
    if (existing) return c.json({ is_success: true, data: { held: existing.state !== 'released', productId, quantity } });
    if (available(productId) < quantity) return c.json({ is_success: true, data: { held: false, reason: 'out_of_stock' } });
    holds.set(orderId, { productId, quantity, state: 'held' });
    if (pause?.taken && !pause.reads) {
      pause.asked++;
      await pause.until;
    }
    if (products[productId]?.holdAnswerLost) return c.json({ is_success: false, message: 'Service temporarily unavailable.' }, 503);
    return c.json({ is_success: true, data: { held: true, productId, quantity, holdUntil: new Date().toISOString() } });
  });
  app.post('/internal/stock/release', async (c) => {
    const hold = holds.get((await c.req.json()).orderId);
    if (hold && hold.state === 'held') hold.state = 'released';
    return c.json({ is_success: true, data: { state: hold?.state === 'handed' ? 'released' : (hold?.state ?? 'none') } });
  });
  /** As the catalog's: one unit of a live hold to another order, the unit never free in between; idempotent per taker. */
  let handOversDown = false;
  const failHandOvers = () => {
    handOversDown = true;
    return { restore: () => (handOversDown = false) };
  };
  app.post('/internal/stock/hand-over', async (c) => {
    if (handOversDown) return c.json({ is_success: false, message: 'Service temporarily unavailable.' }, 503);
    const { fromOrderId, toOrderId, holdUntil } = await c.req.json();
    const taken = holds.get(toOrderId);
    if (taken) return c.json({ is_success: true, data: { held: true, productId: taken.productId, quantity: 1, holdUntil } });
    const giver = holds.get(fromOrderId);
    if (giver?.state !== 'held' || giver.quantity < 1) return c.json({ is_success: true, data: { held: false, reason: 'out_of_stock' } });
    giver.quantity -= 1;
    if (giver.quantity === 0) giver.state = 'handed';
    holds.set(toOrderId, { productId: giver.productId, quantity: 1, state: 'held' });
    return c.json({ is_success: true, data: { held: true, productId: giver.productId, quantity: 1, holdUntil } });
  });
  app.post('/internal/stock/commit', async (c) => {
    const hold = holds.get((await c.req.json()).orderId);
    if (!hold) return c.json({ is_success: true, data: { state: 'none' } });
    if (hold.state === 'released' && available(hold.productId) >= hold.quantity) hold.state = 'held';
    if (hold.state === 'held') hold.state = 'committed';
    return c.json({ is_success: true, data: { state: hold.state } });
  });
  /**
   * The drop open now or next (`nextDrop`), as a test sets it: its units left are those of the products whose
   * `dropId` is its id, as the catalog counts them.
   */
  const drops: { next: { id: string; label: string; opensAt: string; closesAt: string } | null } = { next: null };
  app.get('/internal/drops/next', (c) => {
    const drop = drops.next;
    if (!drop) return c.json({ is_success: true, data: null });
    const unitsLeft = Object.entries(products)
      .filter(([, product]) => product.dropId === drop.id)
      .reduce((sum, [id]) => sum + Math.max(0, available(id)), 0);
    return c.json({ is_success: true, data: { ...drop, unitsLeft } });
  });
  return { app, holds, products, available, pauseHolds, failHolds, failHandOvers, drops, reads: (id: string) => reads.get(id) ?? 0 };
}

type Payment = {
  paymentId: string;
  status: 'pending' | 'success' | 'failed';
  amountPaise: number;
  autoFailed: boolean;
  refunded: boolean;
  cancelled?: boolean;
  processedAt?: string | null;
};

/** The payments service's internal API for orders, in memory. */
export function paymentsStandIn(options: { creditPaise?: number; failCheckout?: boolean } = {}) {
  const payments = new Map<string, Payment>();
  const credit = new Map<string, { memberId: string; amount: number; released: boolean }>();
  const control: {
    afterReserve?: (orderId: string) => Promise<boolean>;
    refundsDown?: boolean;
    /** What a refund's request is answered with (the gateway's word at that moment): 'success' unless set. */
    refundStatus?: 'pending' | 'success' | 'failed';
  } = {};
  let counter = 0;
  const app = createServiceApp({ name: 'payments', logger: silentLogger() });
  const view = (orderId: string) => {
    const payment = payments.get(orderId)!;
    return {
      ...payment,
      method: payment.status === 'success' ? 'upi' : null,
      transactionId: payment.status === 'success' ? `txn-${payment.paymentId}` : null,
      failureReason:
        payment.status !== 'failed' ? null : payment.cancelled ? 'Payment cancelled by the customer' : 'Payment declined by the bank',
      cancelled: payment.cancelled ?? false,
      processedAt: payment.processedAt ?? null,
    };
  };
  app.post('/internal/payments/checkout', async (c) => {
    if (options.failCheckout) return c.json({ is_success: false, message: 'gateway down' }, 502);
    const { orderId, amountPaise } = await c.req.json();
    // As payments answers: the gateway takes nothing under Rs 1.
    if (amountPaise < MINIMUM_PAYMENT_PAISE) return c.json({ is_success: false, message: 'An order must cost at least ₹1.00.' }, 400);
    if (!payments.has(orderId))
      payments.set(orderId, { paymentId: `PAY-${++counter}`, status: 'pending', amountPaise, autoFailed: false, refunded: false });
    const payment = payments.get(orderId)!;
    return c.json({
      is_success: true,
      data: {
        paymentId: payment.paymentId,
        paymentSessionId: `session-${payment.paymentId}`,
        paymentLink: `http://localhost:3000/pay/simulator/sessions/session-${payment.paymentId}`,
        gateway: 'simulator',
      },
    });
  });
  app.get('/internal/payments/orders/:orderId', (c) =>
    payments.has(c.req.param('orderId'))
      ? c.json({ is_success: true, data: view(c.req.param('orderId')) })
      : c.json({ is_success: false, message: 'No payment' }, 404),
  );
  app.post('/internal/payments/orders/:orderId/refresh', (c) =>
    payments.has(c.req.param('orderId'))
      ? c.json({ is_success: true, data: view(c.req.param('orderId')) })
      : c.json({ is_success: false, message: 'No payment' }, 404),
  );
  app.post('/internal/payments/orders/:orderId/refund', (c) => {
    const orderId = c.req.param('orderId');
    const payment = payments.get(orderId)!;
    payment.refunded = true;
    return c.json({
      is_success: true,
      data: {
        refundId: `RF-${orderId}`,
        paymentId: payment.paymentId,
        orderId,
        amountPaise: payment.amountPaise,
        status: control.refundStatus ?? 'success',
      },
    });
  });
  // Refunds by key (the out-of-stock cancellation's and the exchanges'), answered as payments answers them; and
  // credits given instead of a refund, one grant per order. `control.refundsDown` answers 503, as payments away.
  const refunds = new Map<string, { orderId: string; key: string; amountPaise: number; reason: string }>();
  const creditRefunds = new Map<string, { memberId: string; amountPaise: number }>();
  app.post('/internal/payments/orders/:orderId/refunds', async (c) => {
    if (control.refundsDown) return c.json({ is_success: false, message: 'Service temporarily unavailable' }, 503);
    const orderId = c.req.param('orderId');
    const { key, amountPaise, reason } = await c.req.json();
    const refundId = `RF-${orderId}-${key}`;
    if (!refunds.has(refundId)) refunds.set(refundId, { orderId, key, amountPaise, reason });
    return c.json({
      is_success: true,
      data: { refundId, paymentId: payments.get(orderId)?.paymentId, orderId, amountPaise, status: control.refundStatus ?? 'success' },
    });
  });
  app.post('/internal/credit/refund', async (c) => {
    if (control.refundsDown) return c.json({ is_success: false, message: 'Service temporarily unavailable' }, 503);
    const { memberId, orderId, amountPaise } = await c.req.json();
    if (!creditRefunds.has(orderId)) creditRefunds.set(orderId, { memberId, amountPaise });
    return c.json({ is_success: true, data: { creditId: `CR-${orderId}`, amountPaise } });
  });
  // Each member starts with `creditPaise` of credit; an order spends at most 10% of its price (one spend per order
  // id, as payments keeps it), and a release gives it back.
  const creditBalance = (memberId: string) =>
    (options.creditPaise ?? 0) -
    [...credit.values()].filter((entry) => entry.memberId === memberId && !entry.released).reduce((sum, entry) => sum + entry.amount, 0);
  app.post('/internal/credit/reserve', async (c) => {
    const { memberId, orderId, orderPricePaise } = await c.req.json();
    if (!credit.has(orderId)) {
      const amount = Math.min(creditBalance(memberId), Math.floor((orderPricePaise * MEMBERSHIP_CREDIT.maxShareOfOrderPercent) / 100));
      credit.set(orderId, { memberId, amount, released: false });
    }
    // A test may stop here: the credit is spent, and orders has not heard back (a crash, a lost answer).
    if (control.afterReserve && !(await control.afterReserve(orderId))) return c.json({ is_success: false, message: 'lost' }, 502);
    return c.json({ is_success: true, data: { creditPaise: credit.get(orderId)!.amount } });
  });
  app.post('/internal/credit/release', async (c) => {
    const entry = credit.get((await c.req.json()).orderId);
    if (entry) entry.released = true;
    return c.json({ is_success: true, data: { releasedPaise: entry?.amount ?? 0 } });
  });
  return {
    app,
    payments,
    credit,
    creditBalance,
    control,
    refunds,
    creditRefunds,
    settle: (orderId: string, status: 'success' | 'failed', autoFailed = false, cancelled = false) =>
      Object.assign(payments.get(orderId)!, { status, autoFailed, cancelled, processedAt: new Date().toISOString() }),
  };
}
