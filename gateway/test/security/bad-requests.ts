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

const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Values no field expects: wrong types, extremes, hostile text. */
const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
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
