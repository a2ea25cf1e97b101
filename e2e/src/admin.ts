import { randomUUID } from 'node:crypto';
import { baseURL } from './browser.js';

/**
 * The back office as journeys use it: the first admin account the product starts with (global-setup passes
 * ADMIN_ENV to the product), signed in through the real `POST /admin/login`, and products made through the same
 * admin API the Product Catalog screen calls. Also the catalogue and order steps shopping journeys set up through
 * the API rather than the screens (waiting for a member's board, an unpaid order).
 */
export const E2E_ADMIN = { username: 'e2e-operator', password: 'a long passphrase for the browser journeys' } as const;

/** The settings that create that admin when the product starts. */
export const ADMIN_ENV = { ADMIN_USERNAME: E2E_ADMIN.username, ADMIN_PASSWORD: E2E_ADMIN.password } as const;

/** An admin API call; `base`: a product a journey started of its own (product-process.ts), else the suite's. */
export async function adminCall<T>(
  path: string,
  init: { method?: string; token?: string; body?: unknown; base?: string } = {},
): Promise<T> {
  const response = await fetch((init.base ?? baseURL()) + path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      accept: 'application/json',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: init.token } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

const signedIn = new Map<string, Promise<string>>();

/** The admin's session token (one sign-in per test file and product), on a product started with ADMIN_ENV. */
export function adminSignIn(base?: string): Promise<string> {
  const key = base ?? '';
  let token = signedIn.get(key);
  if (!token) {
    token = adminCall<{ token: string }>('/admin/login', { body: E2E_ADMIN, ...(base ? { base } : {}) }).then((answer) => answer.token);
    signedIn.set(key, token);
  }
  return token;
}

/** What the admin's session storage holds after signing in (pass to `browser.open(path, { session })`). */
export async function adminSession(): Promise<Record<string, string>> {
  return { adminToken: await adminSignIn() };
}

export interface TestProduct {
  id: string;
  name: string;
  price: number;
  amazonPrice: number | null;
  stock: number;
}

const HOUR_MS = 3600_000;

/**
 * Creates an enabled product through `POST /product/create`. By default it is on sale now (its own window, an hour
 * ago to a day ahead) with 10 units; `overrides` uses the product form's field names. The name carries a unique
 * word so a member's list item can match it and no other product.
 */
export async function createProduct(overrides: Record<string, unknown> = {}, base?: string): Promise<TestProduct> {
  const now = Date.now();
  const tag = randomUUID().slice(0, 6);
  const body = {
    name: `Zephyr${tag} Travel Kettle`,
    price: 1499,
    amazonPrice: 2499,
    category: 'Home & Garden',
    brand: 'Prestige',
    stock: 10,
    images: ['/product/images/pressure-cooker.svg'],
    descriptions: [{ title: 'Highlights', content: 'Boils a litre in four minutes.\nFolds flat for travel.' }],
    sku: `E2E-${tag}`,
    hsnCode: '85167990',
    gstRate: 18,
    variantGroup: null,
    isVariantPrimary: false,
    saleStartAt: new Date(now - HOUR_MS).toISOString(),
    saleEndAt: new Date(now + 24 * HOUR_MS).toISOString(),
    ...overrides,
  };
  const answer = await adminCall<{ data: TestProduct }>('/product/create', {
    token: await adminSignIn(base),
    body,
    ...(base ? { base } : {}),
  });
  return answer.data;
}

/** A product already in the catalogue (the demo seed's, say), found by its name in the operators' list. */
export async function productNamed(name: string): Promise<{ id: string; name: string; dropId: string | null }> {
  const answer = await adminCall<{ data: { products: { id: string; name: string; dropId: string | null }[] } }>(
    '/product/list?enabled_only=false',
    { token: await adminSignIn() },
  );
  const found = answer.data.products.find((product) => product.name === name);
  if (!found) throw new Error(`no product named ${name}`);
  return found;
}

/**
 * Waits until a member's own deals board lists every one of `productIds`: the catalog learns of a new membership
 * and of the member's lists from events, a moment after the API calls that caused them have answered.
 */
export async function waitForBoard(memberToken: string, productIds: string[], timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const board = await adminCall<{ data: { personalised?: boolean; products: { id: string }[] } }>(
      '/product/list?enabled_only=true&limit=15',
      { token: memberToken },
    );
    const shown = new Set(board.data.products.map((product) => product.id));
    if (board.data.personalised && productIds.every((id) => shown.has(id))) return;
    if (Date.now() > deadline) throw new Error(`the member's board does not show ${productIds.join(', ')}: ${JSON.stringify(board.data)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** One fulfilment step of a paid order through the operators' API (`POST /admin/fulfilment/{orderId}`). */
export async function fulfilmentStep(orderId: string, body: Record<string, unknown>): Promise<void> {
  await adminCall(`/admin/fulfilment/${encodeURIComponent(orderId)}`, { token: await adminSignIn(), body });
}

/** An operator's processing and shipped steps for a paid order (Blue Dart, a made-up AWB number). */
export async function shipOrder(orderId: string): Promise<void> {
  await fulfilmentStep(orderId, { step: 'processing' });
  await fulfilmentStep(orderId, {
    step: 'shipped',
    courier: 'Blue Dart',
    awb_number: '12345678901',
    tracking_url: 'https://www.bluedart.com/tracking?awb=12345678901',
  });
}

/** An order's details as the Confirm Order form sends them, for one unit of the product. */
const orderBody = (productId: string) => ({
  customer_email: 'asha@example.in',
  customer_phone: '9876543210',
  first_name: 'Asha',
  last_name: 'Rao',
  product_id: productId,
  quantity: 1,
  shipping_address: { name: 'Asha Rao', phone: '9876543210', address: '12 MG Road', city: 'Panaji', state: 'Goa', pincode: '403001' },
});

/** Joins a sold-out product's waitlist through the API the Join the waitlist form calls. */
export async function joinWaitlist(memberToken: string, productId: string): Promise<void> {
  await adminCall('/product/waitlist', { token: memberToken, body: orderBody(productId) });
}

/**
 * Places an order through the API as the Confirm Order button does (a reservation, then its checkout opened), and
 * leaves it unpaid (its stock held).
 */
export async function placeUnpaidOrder(
  memberToken: string,
  productId: string,
  base?: string,
): Promise<{ order_id: string; payment_link: string }> {
  const at = base ? { base } : {};
  const reserve = () =>
    adminCall<{ data: { order_id: string } }>('/product/order', { ...at, token: memberToken, body: orderBody(productId) });
  const place = async () => {
    const { order_id } = (await reserve()).data;
    const checkout = `/product/order/${encodeURIComponent(order_id)}/checkout`;
    return (await adminCall<{ data: { order_id: string; payment_link: string } }>(checkout, { ...at, token: memberToken, body: {} })).data;
  };
  // Orders hears of a new membership through payments' events, so right after subscribing it may not know it yet.
  for (const deadline = Date.now() + 15_000; ; ) {
    try {
      return await place();
    } catch (error) {
      if (!String(error).includes('Only active subscribers') || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** Cancels a member's unpaid reservation through the API the Cancel button calls (its unit goes back, or to the waitlist). */
export async function cancelReservation(memberToken: string, orderId: string): Promise<void> {
  await adminCall(`/product/order/${encodeURIComponent(orderId)}/cancel`, { token: memberToken, body: {} });
}

/** Pays an order on the Cashfree emulator's checkout page as its Pay button does (a form post), and waits for the redirect. */
export async function payOrder(paymentLink: string): Promise<void> {
  const paid = await fetch(paymentLink, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(paymentLink).origin },
    body: new URLSearchParams({ outcome: 'success' }),
  });
  if (paid.status !== 303) throw new Error(`the emulator's checkout page answered ${paid.status}: ${await paid.text()}`);
}
