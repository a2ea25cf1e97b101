import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createPublicKey, type ECDH, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A local push service as RFC 8030 (HTTP Web Push), RFC 8291 (message encryption) and RFC 8292 (VAPID) describe one,
 * over HTTPS with a certificate of its own (the `web-push` library speaks only HTTPS). It hands out subscriptions as a
 * browser's push manager does: an endpoint here, and the browser's side of the keys (a P-256 key pair and a 16-byte
 * auth secret) kept so that it can decrypt what it is sent, as the browser would. A message is accepted (201 with a
 * Location) only when its VAPID JWT is signed by the key the subscription was made with, for this origin, not expired
 * and not valid longer than 24 hours, with a contact; when it has a TTL, a known Urgency and a Topic of at most 32
 * base64url characters; and when its aes128gcm body decrypts with the subscription's keys.
 */

const b64url = (bytes: Buffer) => bytes.toString('base64url');
const MAX_BODY = 4096;
const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);

export interface FakeSubscription {
  id: string;
  /** What the browser hands the page (`PushSubscription.toJSON()`). */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  auth: Buffer;
  /** The application server's key the subscription was made for (`applicationServerKey`). */
  serverKey: string;
}

export interface ReceivedPush {
  subscriptionId: string;
  /** The body as it travelled: encrypted. */
  body: Buffer;
  /** What the subscription's private key decrypts it to. */
  payload: string;
  headers: { ttl: string; urgency: string | undefined; topic: string | undefined; encoding: string | undefined };
  claims: { aud: string; exp: number; sub: string };
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Decrypts an RFC 8291 aes128gcm body with the browser's keys; throws when it was not encrypted for them. */
export function decryptForSubscription(subscription: Pick<FakeSubscription, 'ecdh' | 'auth'>, body: Buffer): string {
  if (body.length < 21) throw new Refusal(400, 'body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] as number;
  const senderKey = body.subarray(21, 21 + idLength);
  if (recordSize < 18) throw new Refusal(400, 'record size below 18');
  if (idLength !== 65 || senderKey[0] !== 4) throw new Refusal(400, 'keyid is not an uncompressed P-256 public key');
  const receiverKey = subscription.ecdh.getPublicKey();
  const shared = subscription.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0', 'latin1'), receiverKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, subscription.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0', 'latin1'), 16));
  const baseNonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0', 'latin1'), 12));
  const records = body.subarray(21 + idLength);
  const plain: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence++) {
    const record = records.subarray(offset, offset + recordSize);
    const nonce = Buffer.from(baseNonce);
    // The record's sequence number, XORed into the nonce's low bytes (RFC 8188 §2.3; fewer than 2^32 records here).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    let padded: Buffer;
    try {
      padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    } catch {
      throw new Refusal(400, 'the body does not decrypt with the subscription keys');
    }
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    const last = offset + recordSize >= records.length;
    if (padded[end] !== (last ? 2 : 1)) throw new Refusal(400, 'bad padding delimiter');
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain).toString('utf8');
}

/** Checks the `Authorization: vapid t=..., k=...` header (RFC 8292) for a subscription made with `serverKey`. */
function checkVapid(header: string | undefined, serverKey: string, origin: string, now: number) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Refusal(401, 'no vapid authorization');
  const [token, key] = [match[1] as string, match[2] as string];
  if (key !== serverKey) throw new Refusal(403, 'the vapid key is not the one the subscription was made with');
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
  if (header_.alg !== 'ES256') throw new Refusal(401, 'the vapid token is not ES256');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Refusal(401, 'k is not an uncompressed P-256 public key');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Refusal(401, 'the vapid signature does not verify');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
  if (body.aud !== origin) throw new Refusal(401, `aud ${body.aud} is not ${origin}`);
  const seconds = Math.floor(now / 1000);
  if (!(body.exp > seconds) || body.exp > seconds + 24 * 3600) throw new Refusal(401, 'exp is past or more than 24 hours away');
  if (!/^(mailto:|https:)/.test(body.sub ?? '')) throw new Refusal(401, 'sub is not a mailto: or https: contact');
  return body;
}

export async function startPushServiceFake() {
  const dir = mkdtempSync(join(tmpdir(), 'push-fake-'));
  const keyFile = join(dir, 'key.pem');
  const caFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      caFile,
    ],
    { stdio: 'ignore' },
  );

  const subscriptions = new Map<string, FakeSubscription>();
  const gone = new Set<string>();
  const received: ReceivedPush[] = [];
  const refused: { subscriptionId: string; status: number; reason: string }[] = [];
  let origin = '';

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
    try {
      if (request.method !== 'POST') throw new Refusal(405, 'only POST');
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Refusal(404, 'no such subscription');
      if (gone.has(id)) throw new Refusal(410, 'the subscription has expired');
      const ttl = request.headers.ttl;
      if (typeof ttl !== 'string' || !/^\d+$/.test(ttl)) throw new Refusal(400, 'TTL is required');
      const urgency = request.headers.urgency as string | undefined;
      if (urgency !== undefined && !URGENCIES.has(urgency)) throw new Refusal(400, 'unknown Urgency');
      const topic = request.headers.topic as string | undefined;
      if (topic !== undefined && !/^[\w-]{1,32}$/.test(topic)) throw new Refusal(400, 'Topic must be at most 32 base64url characters');
      const claims = checkVapid(request.headers.authorization, subscription.serverKey, origin, Date.now());
      if (request.headers['content-encoding'] !== 'aes128gcm') throw new Refusal(415, 'Content-Encoding must be aes128gcm');
      if (body.length > MAX_BODY) throw new Refusal(413, 'payload too large');
      const payload = decryptForSubscription(subscription, body);
      received.push({
        subscriptionId: id,
        body,
        payload,
        headers: { ttl, urgency, topic, encoding: request.headers['content-encoding'] },
        claims,
      });
      response.writeHead(201, { location: `${origin}/message/${randomUUID()}`, ttl }).end();
    } catch (error) {
      const status = error instanceof Refusal ? error.status : 500;
      const reason = error instanceof Error ? error.message : String(error);
      refused.push({ subscriptionId: id, status, reason });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
    }
  }

  const server = createServer({ key: readFileSync(keyFile), cert: readFileSync(caFile) }, (request, response) => {
    void handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    /** The certificate to trust (the adapter's extra CA). */
    caFile,
    received,
    refused,
    /** A browser subscribing with the application server's public key. */
    subscribe(serverKey: string): FakeSubscription {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      const subscription: FakeSubscription = {
        id,
        ecdh,
        auth,
        serverKey,
        json: {
          endpoint: `${origin}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
        },
      };
      subscriptions.set(id, subscription);
      return subscription;
    },
    /** The browser unsubscribed: its endpoint answers 410 Gone from now on. */
    expire(subscription: FakeSubscription) {
      gone.add(subscription.id);
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
