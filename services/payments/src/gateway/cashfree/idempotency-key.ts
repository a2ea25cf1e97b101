import { createHash, randomUUID } from 'node:crypto';

/**
 * Our own namespace for name-based UUIDs: changing it would give every in-flight retry a new key, so it is fixed
 * for the life of the integration.
 */
const NAMESPACE = 'd933a4e5-5ede-4123-94e7-ec9ada2f0935';
const namespaceBytes = Buffer.from(NAMESPACE.replaceAll('-', ''), 'hex');

/**
 * A UUID version 5 (RFC 9562: SHA-1 over namespace and name) for `scope:key`. Cashfree wants its idempotency key in
 * UUID format while our callers use their own keys; deriving it (rather than remembering a random one) gives a
 * retry from a restarted process the same key. The scope keeps one caller key used for two different operations
 * from colliding at Cashfree, where a reused key with another body is refused with 422.
 */
export function idempotencyKeyFor(scope: string, key: string): string {
  const hash = createHash('sha1').update(namespaceBytes).update(`${scope}:${key}`, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** For a write whose caller gave no key: sent so Cashfree's own records are complete, but never a reason to retry. */
export const oneOffIdempotencyKey = (): string => randomUUID();
