import fc from 'fast-check';
import { ACCESS } from './access-table.js';

export interface FuzzCase {
  route: string;
  method: string;
  path: string;
  body?: string;
  contentType: string;
  caller: 'nobody' | 'member' | 'admin';
}

const HOSTILE_STRINGS = [
  "' OR 1=1 --",
  "'; drop table events; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}',
  // A log4j-style lookup, deliberately a plain string.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the payload is the literal text
  '${jndi:ldap://x}',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\u202e',
  '👩🏽‍💻',
  'नमस्ते',
  '=HYPERLINK("http://x")',
];

/**
 * Half a surrogate pair: valid JSON ("\ud800"), text PostgreSQL refuses (issue 32). Bodies only: an address cannot
 * carry it (UTF-8 has no bytes for it), so it is no path segment or query value.
 */
const UNPAIRED_SURROGATE = '\ud800';

const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Values no field expects: wrong types, extremes, hostile text. */
const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS, UNPAIRED_SURROGATE),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constant('x'.repeat(100_000)),
  fc.integer(),
  fc.constantFrom(-1, -999_999_999, 0.5, -0.01, 1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 200 }),
  fc.constant(nested(300)),
  fc.dictionary(fc.constantFrom(...POLLUTION_KEYS, 'a'), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** The declared valid body with one field (top level or nested) replaced, removed, or joined by a stranger. */
function bent(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid);
  const replaced = keys.length
    ? fc.tuple(fc.constantFrom(...keys), weirdValue).map(([key, value]) => ({ ...valid, [key]: value }))
    : weirdValue.map((value) => ({ field: value }));
  const removed = keys.length
    ? fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key)))
    : fc.constant({});
  const stranger = fc.tuple(fc.constantFrom(...POLLUTION_KEYS, 'isAdmin', 'member_id', 'amount'), weirdValue).map(([key, value]) => ({
    ...valid,
    [key]: value,
  }));
  return fc.oneof(replaced, removed, stranger);
}

/** A path with its parameters (or the declared ids) swapped for hostile segments, and hostile query strings. */
function pathFor(template: string, declared: string | undefined): fc.Arbitrary<string> {
  const base = declared ?? template;
  const segment = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS, 'x'.repeat(5000), '-1', '0', '1e9'), fc.string({ maxLength: 20 }));
  const withParams = template.includes(':')
    ? segment.map((value) => template.replace(/:\w+/g, encodeURIComponent(value)))
    : fc.constant(base.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000'));
  const query = fc.option(
    fc
      .array(fc.tuple(fc.constantFrom('page', 'limit', 'days', 'status', 'search', 'sort', 'enabled_only', 'q', '__proto__'), segment), {
        maxLength: 4,
      })
      .map((pairs) => new URLSearchParams(pairs.map(([k, v]): [string, string] => [k, String(v)])).toString()),
    { nil: undefined },
  );
  return fc.tuple(withParams, query).map(([path, q]) => (q ? `${path.split('?')[0]}?${q}` : path));
}

export function badRequestArbitrary(routes: string[]): fc.Arbitrary<FuzzCase> {
  return fc.constantFrom(...routes).chain((key) => {
    const [method, template] = key.split(' ') as [string, string];
    const declared = ACCESS[key];
    const valid = (declared?.body ?? {}) as Record<string, unknown>;
    const hasBody = method !== 'GET' && method !== 'DELETE';
    const json = hasBody
      ? fc.oneof(
          { weight: 3, arbitrary: bent(valid).map((value) => ({ body: JSON.stringify(value), contentType: 'application/json' })) },
          { weight: 1, arbitrary: fc.jsonValue().map((value) => ({ body: JSON.stringify(value), contentType: 'application/json' })) },
          {
            weight: 1,
            arbitrary: fc
              .constantFrom('{', '{"a":', 'null', '[]', '"text"', 'a=1&b=2', '\u0000')
              .map((body) => ({ body, contentType: 'application/json' })),
          },
          { weight: 1, arbitrary: fc.constant({ body: JSON.stringify(valid), contentType: 'text/plain' }) },
        )
      : fc.constant({ body: undefined, contentType: 'application/json' });
    return fc
      .record({
        route: fc.constant(key),
        method: fc.constant(method),
        path: pathFor(template, declared?.path),
        payload: json,
        caller: fc.constantFrom('nobody' as const, 'member' as const, 'admin' as const),
      })
      .map(({ payload, ...rest }) => ({ ...rest, ...payload }));
  });
}

/**
 * The fuzz pass over queries, headers and methods (a bounded, fixed set, so that a failure found once is found on
 * every run): for every route the product serves, bad values in its query, bad headers and methods it does not
 * answer to, as the callers the route admits.
 */

const USER_FILTERS = [
  'name',
  'email',
  'profession',
  'subscriptionType',
  'pincodes',
  'need',
  'greed',
  'chipSearch',
  'sort',
  'order',
  'page',
  'limit',
];

/** The query parameters each route reads (the keys of its query schema): each takes every bad value. */
export const QUERY_PARAMETERS: Record<string, string[]> = {
  'GET /admin/payments': ['page', 'limit', 'startDate', 'endDate', 'searchTerm', 'status', 'paymentType'],
  'GET /admin/payments/stats': ['page', 'limit', 'startDate', 'endDate', 'searchTerm', 'status', 'paymentType', 'days'],
  'GET /admin/payments/timeouts': ['page', 'limit', 'startDate', 'endDate', 'searchTerm', 'status', 'paymentType', 'days'],
  'GET /admin/payments/timeout-analysis': ['days'],
  'GET /admin/product-orders': ['page', 'limit', 'startDate', 'endDate', 'searchTerm', 'status', 'type'],
  'GET /admin/product-orders/stats': ['page', 'limit', 'startDate', 'endDate', 'searchTerm', 'status', 'type'],
  'GET /admin/subscriptions': ['page', 'limit', 'startDate', 'endDate', 'searchTerm', 'status', 'type'],
  'GET /admin/subscriptions/stats': ['page', 'limit', 'startDate', 'endDate', 'searchTerm', 'status', 'type'],
  'GET /admin/users': USER_FILTERS,
  'GET /admin/users/export': USER_FILTERS,
  'GET /admin/audit': ['page', 'limit'],
  'GET /admin/messages': ['page', 'limit'],
  'GET /admin/exchanges': ['state', 'page', 'limit'],
  'GET /admin/drops': ['from', 'to'],
  'GET /product/list': ['enabled_only', 'limit'],
  'GET /user/wall': ['page', 'limit'],
  'GET /product/orders/user': ['page', 'limit', 'status'],
  'GET /user/confirm-email': ['token'],
  'GET /user/confirm-mobile': ['token'],
  'GET /alerts/unsubscribe': ['m', 'k', 'channel', 'item'],
  'POST /alerts/unsubscribe': ['m', 'k', 'channel', 'item'],
};

/** Every other route gets each bad value once, under one of these keys in turn. */
export const GENERIC_KEYS = ['page', 'limit', 'startDate', 'endDate', 'from', 'to', 'days', 'status', 'token', 'q', '__proto__'];

/** A bad query value, as the query string it makes for a key (a repeated key makes an array). */
export const BAD_QUERY_VALUES: { label: string; query: (key: string) => string }[] = [
  ...['2026-01-32', '2026-02-30', '2020-13-45', '9999-12-31', '9999-01-01', '0000-00-00', '2026-1-5'],
  ...['-1', '0', '-99999999999', '99999999999999999999999', '1e308', 'NaN', 'Infinity', '1.5', '0x10'],
  ...['', ' ', 'x'.repeat(4000), '\u0000', 'a\u0000b', '👩🏽‍💻 नमस्ते', '\u202e', "' OR 1=1 --", '__proto__', 'null', '[]'],
].map((value) => ({
  label: value.length > 40 ? `${value.slice(0, 10)}… (${value.length})` : JSON.stringify(value),
  query: (key: string) => `${key}=${encodeURIComponent(value)}`,
}));
BAD_QUERY_VALUES.push(
  { label: 'a repeated key', query: (key) => `${key}=1&${key}=2026-01-32` },
  { label: 'a key with brackets', query: (key) => `${key}[]=1&${key}[a]=2` },
  { label: 'a raw percent', query: (key) => `${key}=%E0%A4%A&${key}%=%` },
  // Half a surrogate pair as an address can spell it: CESU-8's bytes, and JavaScript's old %u escape.
  { label: 'half a surrogate pair in CESU-8', query: (key) => `${key}=%ED%A0%80` },
  { label: 'half a surrogate pair as %u', query: (key) => `${key}=%uD800` },
);

/** Both ends of a date range at once: a range can fail where each end alone does not (the last weeks of year 9999). */
export const BAD_DATE_RANGES: [string, string][] = [
  ['9999-12-01', '9999-12-31'],
  ['9999-12-31', '9999-12-31'],
  ['0001-01-01', '0001-01-31'],
  ['2026-01-32', '2026-02-30'],
  ['2026-03-10', '2026-03-01'],
  ['2026-03-01', ''],
];

/** The pairs of query parameters that make a date range. */
export const DATE_RANGE_KEYS: [string, string][] = [
  ['startDate', 'endDate'],
  ['from', 'to'],
];

export interface HeaderCase {
  label: string;
  headers: (host: string) => Record<string, string>;
  /** Replaces the caller's session: a route that needs one must answer 401. */
  replacesSession?: boolean;
}

export const BAD_HEADERS: HeaderCase[] = [
  { label: 'Authorization of 201 characters', headers: () => ({ authorization: 'x'.repeat(201) }), replacesSession: true },
  { label: 'Bearer of 8,000 characters', headers: () => ({ authorization: `Bearer ${'y'.repeat(8000)}` }), replacesSession: true },
  { label: 'Bearer with no token', headers: () => ({ authorization: 'Bearer' }), replacesSession: true },
  { label: 'Bearer with spaces', headers: () => ({ authorization: 'Bearer a b c' }), replacesSession: true },
  { label: 'Basic credentials', headers: () => ({ authorization: 'Basic dXNlcjpwYXNzd29yZA==' }), replacesSession: true },
  { label: 'Bearer in Latin-1', headers: () => ({ authorization: 'Bearer \u00e9\u00e9\u00e9' }), replacesSession: true },
  {
    label: 'session cookie of 201 characters',
    headers: (host) => ({ cookie: `elts_session=${'z'.repeat(201)}`, origin: `http://${host}` }),
    replacesSession: true,
  },
  {
    label: 'admin cookie of 5,000 characters and a NUL member cookie',
    headers: (host) => ({ cookie: `elts_admin=${'z'.repeat(5000)}; elts_session=%00abc`, origin: `http://${host}` }),
    replacesSession: true,
  },
  {
    label: 'a malformed cookie header',
    headers: (host) => ({ cookie: 'elts_session; ;;=; elts_admin==%', origin: `http://${host}` }),
    replacesSession: true,
  },
];

/** Headers sent beside the caller's own session. */
export const BAD_HEADERS_WITH_SESSION: HeaderCase[] = [
  { label: 'a garbage content type', headers: () => ({ 'content-type': 'garbage/nonsense; charset=nope' }) },
  { label: 'multipart with no boundary', headers: () => ({ 'content-type': 'multipart/form-data' }) },
  { label: 'a form content type', headers: () => ({ 'content-type': 'application/x-www-form-urlencoded' }) },
  { label: 'JSON in UTF-16', headers: () => ({ 'content-type': 'application/json; charset=utf-16' }) },
  { label: 'an Idempotency-Key of 8,000 characters', headers: () => ({ 'idempotency-key': 'k'.repeat(8000) }) },
  { label: 'an Idempotency-Key with a path in it', headers: () => ({ 'idempotency-key': '../../etc/passwd' }) },
  { label: 'a request id of 5,000 characters', headers: () => ({ 'x-request-id': 'r'.repeat(5000) }) },
  { label: 'a garbage X-Forwarded-For', headers: () => ({ 'x-forwarded-for': ', , ::::, 999.1.1.1, \u00e9' }) },
  { label: 'an opaque Origin', headers: () => ({ origin: 'null', referer: 'not a url' }) },
];

export const UNEXPECTED_METHODS = ['TRACE', 'PATCH', 'PUT', 'DELETE', 'OPTIONS', 'HEAD'];
