import { constants, createHash, createPrivateKey, generateKeyPairSync, privateDecrypt, randomBytes, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { aesDecrypt, aesEncrypt } from '../../src/e-invoicing/crypto.js';
import { eInvoiceProblems, eInvoiceSchema } from '../../src/e-invoicing/schema.js';

/**
 * A local Invoice Registration Portal for tests, following NIC's e-Invoice API as documented (docs/decisions/0162):
 * it holds the RSA key pair whose public half clients encrypt their login under, checks the client id, secret and
 * GSTIN headers, hands out an auth token and a session key (Sek) encrypted under the client's app key, decrypts each
 * invoice under the Sek, checks it against the same schema payments checks it with, and answers with the IRN
 * (SHA-256 of the supplier's GSTIN, financial year, document type and number), an acknowledgement, and a signed
 * invoice and QR code (JWTs under its own key). A document registered before answers error 2150 with the first
 * registration in InfoDtls (DUPIRN), whose details (signed QR code included) the get-by-IRN API gives. Failures come as
 * NIC's: HTTP 200, Status 0, ErrorDetails.
 */
export interface FakeIrp {
  url: string;
  publicKeyPem: string;
  credentials: { clientId: string; clientSecret: string; gstin: string; username: string; password: string };
  /** Every IRN request's decrypted invoice, in order (a duplicate too). */
  received: unknown[];
  logins: number;
  /** The next `n` IRN requests fail as the IRP does when it is down (HTTP 503). */
  failNext(n: number): void;
  /** Invalidates every token, as the IRP does at expiry: the next IRN request is answered 1005. */
  expireTokens(): void;
  close(): Promise<void>;
}

const ok = (data: unknown) => ({ Status: 1, Data: data, ErrorDetails: null, InfoDtls: null });
const refused = (errors: [string, string][], info: unknown = null) => ({
  Status: 0,
  Data: null,
  ErrorDetails: errors.map(([ErrorCode, ErrorMessage]) => ({ ErrorCode, ErrorMessage })),
  InfoDtls: info,
});

/** 'yyyy-MM-dd HH:mm:ss' in India, as the IRP writes times. */
function irpClock(at: Date): string {
  return new Date(at.getTime() + 5.5 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
}

/** RSA PKCS#1 v1.5 decryption: Node refuses that padding in privateDecrypt, so the fake removes it itself. */
function rsaDecryptPkcs1(privateKeyPem: string, base64: string): Buffer {
  const block = privateDecrypt({ key: privateKeyPem, padding: constants.RSA_NO_PADDING }, Buffer.from(base64, 'base64'));
  if (block[0] !== 0 || block[1] !== 2) throw new Error('not PKCS#1 v1.5 padded');
  const end = block.indexOf(0, 2);
  if (end < 10) throw new Error('bad PKCS#1 v1.5 padding');
  return block.subarray(end + 1);
}

function jwt(privateKeyPem: string, payload: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'RS256', typ: 'JWT' })}.${part(payload)}`;
  return `${unsigned}.${sign('sha256', Buffer.from(unsigned), createPrivateKey(privateKeyPem)).toString('base64url')}`;
}

/** The financial year of a dd/mm/yyyy date, '2026-27'. */
function financialYearOf(date: string): string {
  const [, month, year] = date.split('/').map(Number) as [number, number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export async function startFakeIrp(): Promise<FakeIrp> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const credentials = {
    clientId: 'AAACLIENT29XYZ',
    clientSecret: 'secret-of-the-client',
    gstin: '30AABCE1234F1ZI',
    username: 'elts_api',
    password: 'irp-password',
  };
  const sessions = new Map<string, Buffer>();
  const registered = new Map<string, { AckNo: number; AckDt: string; Irn: string }>();
  /** Each registered IRN's full answer, for the get-by-IRN API. */
  const answers = new Map<string, object>();
  let ackSerial = 112010000000000;
  let failing = 0;
  const state = { received: [] as unknown[], logins: 0 };

  const route = (method: string, path: string, headers: Record<string, string | string[] | undefined>, body: any): [number, unknown] => {
    if (headers.client_id !== credentials.clientId || headers.client_secret !== credentials.clientSecret)
      return [200, refused([['1004', 'Invalid Client-ID/Client-Secret']])];
    if (headers.gstin !== credentials.gstin) return [200, refused([['1010', 'Invalid GSTIN for this user']])];
    const byIrn = /^\/eicore\/v1\.03\/Invoice\/irn\/([0-9a-f]{64})$/.exec(path);
    if (method === 'GET' && byIrn) {
      const sek = sessions.get(String(headers.authtoken));
      if (!sek || headers.user_name !== credentials.username) return [200, refused([['1005', 'Invalid Token']])];
      const answer = answers.get(byIrn[1]!);
      return [200, answer ? ok(aesEncrypt(sek, JSON.stringify(answer))) : refused([['2283', 'IRN details are not found']])];
    }
    if (method !== 'POST') return [405, { message: 'POST only' }];
    if (path === '/eivital/v1.04/auth') {
      let login: { UserName?: string; Password?: string; AppKey?: string };
      try {
        login = JSON.parse(Buffer.from(rsaDecryptPkcs1(privateKey, String(body?.Data)).toString('utf8'), 'base64').toString('utf8'));
      } catch {
        return [200, refused([['1007', 'Invalid encryption of the payload']])];
      }
      if (login.UserName !== credentials.username || login.Password !== credentials.password)
        return [200, refused([['1005', 'Invalid login credentials']])];
      const appKey = Buffer.from(String(login.AppKey), 'base64');
      if (appKey.length !== 32) return [200, refused([['1006', 'Invalid AppKey']])];
      const token = randomBytes(18).toString('base64url');
      const sek = randomBytes(32);
      sessions.set(token, sek);
      state.logins += 1;
      const expiry = irpClock(new Date(Date.now() + 360 * 60_000));
      return [
        200,
        ok({
          ClientId: credentials.clientId,
          UserName: credentials.username,
          AuthToken: token,
          Sek: aesEncrypt(appKey, sek),
          TokenExpiry: expiry,
        }),
      ];
    }
    if (path === '/eicore/v1.03/Invoice') {
      const sek = sessions.get(String(headers.authtoken));
      if (!sek || headers.user_name !== credentials.username) return [200, refused([['1005', 'Invalid Token']])];
      let invoice: unknown;
      try {
        invoice = JSON.parse(aesDecrypt(sek, String(body?.Data)).toString('utf8'));
      } catch {
        return [200, refused([['2265', 'Data could not be decrypted with the session key']])];
      }
      state.received.push(invoice);
      const checked = eInvoiceSchema.safeParse(invoice);
      if (!checked.success) return [200, refused(eInvoiceProblems(checked.error).map((problem) => ['5001', problem] as [string, string]))];
      const document = checked.data;
      if (document.SellerDtls.Gstin !== credentials.gstin) return [200, refused([['2258', "The supplier's GSTIN is not the user's"]])];
      const { Typ, No, Dt } = document.DocDtls;
      const irn = createHash('sha256')
        .update(`${document.SellerDtls.Gstin}${financialYearOf(Dt)}${Typ}${No.toUpperCase()}`)
        .digest('hex');
      const first = registered.get(irn);
      if (first) return [200, refused([['2150', 'Duplicate IRN']], [{ InfCd: 'DUPIRN', Desc: first }])];
      ackSerial += 1;
      const ack = { AckNo: ackSerial, AckDt: irpClock(new Date()), Irn: irn };
      registered.set(irn, ack);
      const main = document.ItemList.reduce((best, item) => (item.AssAmt > best.AssAmt ? item : best));
      const qr = {
        SellerGstin: document.SellerDtls.Gstin,
        BuyerGstin: document.BuyerDtls.Gstin,
        DocNo: No,
        DocTyp: Typ,
        DocDt: Dt,
        TotInvVal: document.ValDtls.TotInvVal,
        ItemCnt: document.ItemList.length,
        MainHsnCode: main.HsnCd,
        Irn: irn,
        IrnDt: ack.AckDt,
      };
      const data = {
        ...ack,
        SignedInvoice: jwt(privateKey, { data: JSON.stringify({ ...document, ...ack }), iss: 'NIC' }),
        SignedQRCode: jwt(privateKey, { data: JSON.stringify(qr), iss: 'NIC' }),
        Status: 'ACT',
        EwbNo: null,
        EwbDt: null,
        EwbValidTill: null,
      };
      answers.set(irn, data);
      return [200, ok(aesEncrypt(sek, JSON.stringify(data)))];
    }
    return [404, { message: 'no such API' }];
  };

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://irp').pathname;
      let status: number;
      let answer: unknown;
      if (path === '/eicore/v1.03/Invoice' && failing > 0) {
        failing -= 1;
        [status, answer] = [503, { message: 'Service Unavailable' }];
      } else {
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          body = undefined;
        }
        [status, answer] = route(request.method ?? 'GET', path, request.headers, body);
      }
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    publicKeyPem: publicKey,
    credentials,
    get received() {
      return state.received;
    },
    get logins() {
      return state.logins;
    },
    failNext(n) {
      failing = n;
    },
    expireTokens() {
      sessions.clear();
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
