import { COMPLETE_PROFILE } from '@elts/contracts/testing';
import { eventually } from '@elts/platform/testing';

/**
 * How the suites talk to the product: as a browser or an app would, through a gateway. The transport differs (a call
 * into the gateway in this process, or HTTP to the gateways of the distributed topology); what is said does not.
 */

export const ADMIN = { username: 'ops', password: 'a long admin passphrase for tests' };

/** What a member's Buy Now sends for one unit of a product, delivered in Goa. */
export const orderBody = (productId: string) => ({
  customer_email: 'buyer@example.in',
  customer_phone: '9876543210',
  first_name: 'Buyer',
  last_name: 'One',
  product_id: productId,
  quantity: 1,
  shipping_address: { name: 'Buyer One', phone: '9876543210', address: '12 MG Road', city: 'Panaji', state: 'Goa', pincode: '403001' },
});

export interface CallInit {
  method?: string;
  token?: string;
  body?: unknown;
  /** A raw body sent as it is (with `contentType`), for requests a well-behaved client would never send. */
  raw?: string;
  contentType?: string;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** The caller's network address (as the socket would give it); unset, in-process calls count as one client. */
  address?: string;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

/** Sends one request to a gateway: `path` is the path and query, `address` the caller's, when the transport can say. */
export type Send = (path: string, init: RequestInit, address?: string) => Response | Promise<Response>;

export interface ProductClient {
  /**
   * `path` is the path and query on the product; an absolute link (a payment page's) is followed where it points
   * when its origin is one of `outside` (the Cashfree emulator of the distributed topology, where Cashfree's pages
   * would be), and otherwise by its path on the product (the emulator's pages in payments' process).
   */
  call(path: string, init?: CallInit): Promise<CallResult>;
  /** A new member signed in through the development identity provider; returns the session token. */
  signUp(email: string, name?: string): Promise<string>;
  /** A member with a complete profile and an active membership, its mandate approved on the emulator's page. */
  /** `profile` changes fields of the complete profile (a business with a GSTIN, to buy one product again). */
  subscriber(email: string, name?: string, profile?: Record<string, unknown>): Promise<string>;
  adminToken(): Promise<string>;
}

export function productClient(send: Send, outside: string[] = []): ProductClient {
  async function call(link: string, init: CallInit = {}): Promise<CallResult> {
    const absolute = /^https?:\/\//.test(link) ? new URL(link) : undefined;
    const path = absolute ? `${absolute.pathname}${absolute.search}` : link;
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    } else if (init.raw !== undefined) {
      headers['content-type'] = init.contentType ?? 'application/json';
      body = init.raw;
    } else if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    const method = init.method ?? (body === undefined ? 'GET' : 'POST');
    const request = { method, headers, body, redirect: 'manual' } as const;
    const response = await (absolute && outside.includes(absolute.origin) ? fetch(absolute, request) : send(path, request, init.address));
    const text = await response.text();
    let parsed: unknown = text;
    if (text.startsWith('{') || text.startsWith('[')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: response.status, headers: response.headers, text, body: parsed };
  }

  async function signUp(email: string, name = 'Asha Rao'): Promise<string> {
    const idp = await call('/dev/idp/id-token', { body: { email, name } });
    const login = await call('/user/login', { body: { credential: idp.body.id_token } });
    if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${login.text}`);
    return login.body.token as string;
  }

  async function subscriber(email: string, name?: string, fields: Record<string, unknown> = {}): Promise<string> {
    const token = await signUp(email, name);
    const profile = await call('/user/update-profile', { token, body: { ...COMPLETE_PROFILE, ...fields } });
    if (profile.status !== 200) throw new Error(`update-profile answered ${profile.status}: ${profile.text}`);
    // The payments service learns the profile from identity's events before it will start a mandate.
    let mandate = await call('/subscription/create-upi-mandate', { token, body: {} });
    await eventually(async () => {
      if (mandate.status === 200) return true;
      mandate = await call('/subscription/create-upi-mandate', { token, body: {} });
      return mandate.status === 200;
    }, 15_000).catch(() => {
      throw new Error(`create-upi-mandate answered ${mandate.status}: ${mandate.text}`);
    });
    const approved = await call(mandate.body.data.payment_link, { form: { outcome: 'success', upi_id: 'asha@upi' } });
    if (approved.status !== 303) throw new Error(`the mandate page answered ${approved.status}: ${approved.text}`);
    await eventually(async () => (await call('/subscription/current', { token })).body?.data?.subscription?.status === 'active', 15_000);
    return token;
  }

  async function adminToken(): Promise<string> {
    const admin = await call('/admin/login', { body: ADMIN });
    if (admin.status !== 200) throw new Error(`admin login answered ${admin.status}: ${admin.text}`);
    return admin.body.token as string;
  }

  return { call, signUp, subscriber, adminToken };
}
