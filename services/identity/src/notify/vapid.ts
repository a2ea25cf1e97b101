import type { Clock } from '@elts/platform';
import type { Kysely } from 'kysely';
import type { IdentityDb } from '../store/tables.js';
import { storedVapidKeys, storeVapidKeys } from '../store/web-push.js';
import { newVapidKeys } from './web-push.js';

/**
 * The application server's VAPID key pair (RFC 8292): the environment's when it gives one. Outside production,
 * without one, a pair is made once and kept in identity's database, so the subscriptions browsers made with its
 * public key keep working across restarts; in production none is made (Web Push is then not offered). The private
 * key is never written to the log.
 */
export async function vapidKeyPair(
  db: Kysely<IdentityDb>,
  given: { publicKey?: string | undefined; privateKey?: string | undefined },
  production: boolean,
  clock: Clock,
): Promise<{ publicKey: string; privateKey: string } | undefined> {
  if (given.publicKey && given.privateKey) return { publicKey: given.publicKey, privateKey: given.privateKey };
  if (production) return undefined;
  const stored = await storedVapidKeys(db);
  if (stored) return { publicKey: stored.public_key, privateKey: stored.private_key };
  await storeVapidKeys(db, { ...newVapidKeys(), at: clock.now() });
  // Two instances starting together: the first pair stored is everyone's.
  const kept = await storedVapidKeys(db);
  return kept ? { publicKey: kept.public_key, privateKey: kept.private_key } : undefined;
}
