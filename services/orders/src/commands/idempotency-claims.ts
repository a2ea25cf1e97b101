import { createHash } from 'node:crypto';
import { AppError, type Clock, conflict, ReadBatcher } from '@elts/platform';
import type { Kysely, Transaction } from 'kysely';
import {
  dropUnrecordedClaim,
  findClaimedKeys,
  findIdempotencyClaim,
  insertIdempotencyClaim,
  isOrderRecorded,
  lockIdempotencyClaim,
  reassignIdempotencyClaim,
} from '../store/idempotency-keys.js';
import type { OrdersDb } from '../store/tables.js';

export const KEY_REUSED = 'This Idempotency-Key was already used for a different order.';

/** A claim still without its order this long after it was made belongs to a placement that died (a crash). */
const ABANDONED_AFTER_MS = 30_000;
/** How long a repeat waits for the first placement to record its order before asking the caller to come back. */
const WAIT_FOR_FIRST_MS = 5_000;
const POLL_MS = 100;

/** Thrown when another request took this key over while this placement was under way: it must undo and step aside. */
export class ClaimLost extends Error {}

type Key = { memberId: string; key: string };
/** A key with the digest of the request it came with (`requestDigest`). */
export type Claim = Key & { digest: string };

/**
 * sha256 of the request's canonical form: the validated body as JSON with its keys sorted at every level, so the
 * same order sent with its fields in another order, or with spacing the validation trims, is the same request.
 */
export function requestDigest(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, field]) => field !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, field]) => `${JSON.stringify(name)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Claims an idempotency key for a new order before anything is held or spent, so two requests with one key (a double
 * click, a retry racing the first) cannot both place an order: the second finds the claim and answers with the first
 * order once it is recorded. Returns the earlier order's id, or undefined when `orderId` now owns the key.
 * A claim whose placement died is taken over; one still under way past the wait answers 503, which clients retry.
 * A key sent again with a different request is refused (409), as payment APIs do: answering with the first order
 * would tell the client its new request was placed.
 */
export async function claimKey(db: Kysely<OrdersDb>, clock: Clock, claim: Claim, orderId: string): Promise<string | undefined> {
  // How long this request waits for the first is real time; how old a claim is, the clock's (it dated the claim).
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    if (await insertIdempotencyClaim(db, claim, orderId, clock.now())) return undefined;
    const held = await findIdempotencyClaim(db, claim);
    if (!held) continue; // the first placement was refused and let the key go: try again as the first
    // Keys claimed before digests were kept have none: those are answered as before.
    if (held.request_digest !== null && held.request_digest !== claim.digest) throw conflict(KEY_REUSED);
    if (held.recorded) return held.order_id;
    const age = clock.now().getTime() - new Date(held.created_at).getTime();
    if (age > ABANDONED_AFTER_MS && (await takeOver(db, claim, held.order_id, orderId, clock.now()))) return undefined;
    if (Date.now() > deadline) throw new AppError(503, 'unavailable', 'This order is still being placed. Please try again in a moment.');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Whether a key has a claim: a repeat of a request that got that far. Asked for every buyer the gate refuses at
 * arrival; under a burst the lookups of one turn of the event loop are one read (decision 0074).
 */
export function claimedKeys(db: Kysely<OrdersDb>): (key: Key) => Promise<boolean> {
  const idOf = ({ memberId, key }: Key) => JSON.stringify([memberId, key]);
  const reads = new ReadBatcher<true>(async (ids) => {
    const keys = ids.map((id) => {
      const [memberId, key] = JSON.parse(id) as [string, string];
      return { memberId, key };
    });
    return new Map((await findClaimedKeys(db, keys)).map((found) => [idOf(found), true as const]));
  });
  return async (key) => (await reads.get(idOf(key))) === true;
}

/** Inside the transaction that records the order: is the key still this order's? Locks the claim until commit. */
export async function assertClaimHeld(trx: Transaction<OrdersDb>, claim: Key, orderId: string): Promise<void> {
  const row = await lockIdempotencyClaim(trx, claim);
  if (row?.order_id !== orderId) throw new ClaimLost(`idempotency key taken over from ${orderId}`);
}

/** A placement refused before its order was recorded lets its key go, so the member's retry is judged afresh. */
export async function letGo(db: Kysely<OrdersDb>, claim: Key, orderId: string): Promise<void> {
  await dropUnrecordedClaim(db, claim, orderId);
}

// The claim row's lock orders this against the recording transaction (assertClaimHeld): either that order was
// recorded first and is seen here, or the claim moves and that placement finds it lost and undoes itself.
async function takeOver(db: Kysely<OrdersDb>, claim: Claim, abandoned: string, orderId: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await lockIdempotencyClaim(trx, claim);
    if (row?.order_id !== abandoned) return false;
    if (await isOrderRecorded(trx, abandoned)) return false;
    await reassignIdempotencyClaim(trx, claim, orderId, now);
    return true;
  });
}
