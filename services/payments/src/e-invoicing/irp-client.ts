import { z } from 'zod';
import { aesDecrypt, aesEncrypt, newAppKey, rsaEncrypt } from './crypto.js';
import { type EInvoice, eInvoiceProblems, eInvoiceSchema } from './schema.js';

/** What the IRP answers for a registered invoice (or, for one registered before, what its duplicate error names). */
export interface IrnRegistration {
  irn: string;
  ackNo: string;
  /** The IRP's acknowledgement time as it writes it, India time: 'yyyy-MM-dd HH:mm:ss'. */
  ackDate: string;
  signedInvoice: string | null;
  signedQrCode: string | null;
  /** The IRP had registered this document before (error 2150 with its DUPIRN details): these are the first IRN's. */
  duplicate: boolean;
}

/** The port payments registers invoices through (docs/decisions/0162). */
export interface InvoiceRegistrationPort {
  register(invoice: EInvoice): Promise<IrnRegistration>;
}

/** The IRP refused a request: its error codes and messages, as it gave them. */
export class IrpRejected extends Error {
  constructor(readonly errors: { code: string; message: string }[]) {
    super(`the IRP refused: ${errors.map((error) => `${error.code} ${error.message}`).join('; ')}`);
    this.name = 'IrpRejected';
  }
}

/** An e-invoice that fails the schema: never sent. */
export class EInvoiceInvalid extends Error {
  constructor(readonly problems: string[]) {
    super(`the e-invoice does not meet the IRP's schema: ${problems.join('; ')}`);
    this.name = 'EInvoiceInvalid';
  }
}

export interface IrpCredentials {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  gstin: string;
  username: string;
  password: string;
  publicKeyPem: string;
}

/** The IRP's error codes we act on (NIC's published list). */
export const IRP_ERRORS = { duplicateIrn: '2150', invalidToken: '1005' } as const;

const status = z.union([z.literal(1), z.literal(0), z.literal('1'), z.literal('0')]).transform((value) => Number(value));
const errorDetails = z
  .array(z.object({ ErrorCode: z.coerce.string(), ErrorMessage: z.string().default('') }))
  .nullish()
  .transform((errors) => (errors ?? []).map((error) => ({ code: error.ErrorCode, message: error.ErrorMessage })));
const duplicateDetails = z.object({ AckNo: z.coerce.string(), AckDt: z.string(), Irn: z.string().length(64) });
const infoDetails = z.array(z.object({ InfCd: z.string(), Desc: z.unknown() })).nullish();

const authAnswer = z.object({
  Status: status,
  Data: z.object({ AuthToken: z.string().min(1), Sek: z.string().min(1), TokenExpiry: z.string() }).nullish(),
  ErrorDetails: errorDetails,
});
const irnAnswer = z.object({ Status: status, Data: z.string().nullish(), ErrorDetails: errorDetails, InfoDtls: infoDetails });
const irnData = z.object({
  AckNo: z.coerce.string(),
  AckDt: z.string(),
  Irn: z.string().length(64),
  SignedInvoice: z.string().nullish(),
  SignedQRCode: z.string().nullish(),
});

interface Session {
  token: string;
  sek: Buffer;
  /** When to log in again: a minute before the IRP's expiry. */
  renewAt: number;
}

/** The IRP's 'yyyy-MM-dd HH:mm:ss' (India time) as an instant. */
export function irpTime(text: string): Date {
  return new Date(`${text.trim().replace(' ', 'T')}+05:30`);
}

/**
 * The NIC e-Invoice API (docs/decisions/0162): a login (`POST /eivital/v1.04/auth`) whose payload is encrypted
 * under the IRP's public key with a fresh app key in it, answered with an auth token and the session key (Sek)
 * encrypted under that app key; then `POST /eicore/v1.03/Invoice` with the e-invoice encrypted under the Sek,
 * answered with the IRN, acknowledgement and signed QR code, encrypted under the Sek too. The session is kept until
 * shortly before its expiry, and renewed once if the IRP says its token is no longer valid.
 */
export class NicIrpClient implements InvoiceRegistrationPort {
  private session: Promise<Session> | undefined;

  constructor(
    private readonly credentials: IrpCredentials,
    private readonly options: { fetch?: typeof fetch; now?: () => number; timeoutMs?: number } = {},
  ) {}

  async register(invoice: EInvoice): Promise<IrnRegistration> {
    const checked = eInvoiceSchema.safeParse(invoice);
    if (!checked.success) throw new EInvoiceInvalid(eInvoiceProblems(checked.error));
    try {
      return await this.generateIrn(checked.data, await this.currentSession());
    } catch (error) {
      if (!(error instanceof IrpRejected && error.errors.some((e) => e.code === IRP_ERRORS.invalidToken))) throw error;
      this.session = undefined;
      return this.generateIrn(checked.data, await this.currentSession());
    }
  }

  private currentSession(): Promise<Session> {
    const now = this.options.now ?? Date.now;
    const pending = this.session;
    if (pending) {
      return pending.then((session) => (session.renewAt > now() ? session : this.login(true)));
    }
    return this.login(false);
  }

  private login(forceRefresh: boolean): Promise<Session> {
    const attempt = this.authenticate(forceRefresh);
    this.session = attempt;
    // A failed login is not kept: the next call tries again.
    attempt.catch(() => {
      if (this.session === attempt) this.session = undefined;
    });
    return attempt;
  }

  private async authenticate(forceRefresh: boolean): Promise<Session> {
    const { username, password, publicKeyPem } = this.credentials;
    const appKey = newAppKey();
    const payload = { UserName: username, Password: password, AppKey: appKey.toString('base64'), ForceRefreshAccessToken: forceRefresh };
    // v1.04: the whole payload, Base64-encoded, is encrypted under the IRP's public key.
    const data = rsaEncrypt(publicKeyPem, Buffer.from(JSON.stringify(payload)).toString('base64'));
    const answer = authAnswer.parse(await this.post('/eivital/v1.04/auth', { Data: data }, {}));
    if (answer.Status !== 1 || !answer.Data) throw new IrpRejected(answer.ErrorDetails);
    const sek = aesDecrypt(appKey, answer.Data.Sek);
    if (sek.length !== 32) throw new Error('the IRP gave a session key that is not 32 bytes');
    const expiry = irpTime(answer.Data.TokenExpiry).getTime();
    return {
      token: answer.Data.AuthToken,
      sek,
      renewAt: (Number.isNaN(expiry) ? (this.options.now ?? Date.now)() + 300_000 : expiry) - 60_000,
    };
  }

  private async generateIrn(invoice: EInvoice, session: Session): Promise<IrnRegistration> {
    const body = { Data: aesEncrypt(session.sek, JSON.stringify(invoice)) };
    const answer = irnAnswer.parse(
      await this.post('/eicore/v1.03/Invoice', body, { user_name: this.credentials.username, AuthToken: session.token }),
    );
    if (answer.Status === 1 && answer.Data) {
      const data = irnData.parse(JSON.parse(aesDecrypt(session.sek, answer.Data).toString('utf8')));
      return {
        irn: data.Irn,
        ackNo: data.AckNo,
        ackDate: data.AckDt,
        signedInvoice: data.SignedInvoice ?? null,
        signedQrCode: data.SignedQRCode ?? null,
        duplicate: false,
      };
    }
    // Registered before (a retry after a lost answer): the IRP names the first registration; it is ours.
    const duplicate = answer.ErrorDetails.some((error) => error.code === IRP_ERRORS.duplicateIrn)
      ? duplicateDetails.safeParse(answer.InfoDtls?.find((info) => info.InfCd === 'DUPIRN')?.Desc)
      : undefined;
    if (duplicate?.success) {
      const first = duplicate.data;
      // The duplicate answer carries no signed QR code: the IRP gives it by IRN (for a few days after registration).
      const signed = await this.irnDetails(first.Irn, session).catch(() => undefined);
      return {
        irn: first.Irn,
        ackNo: first.AckNo,
        ackDate: first.AckDt,
        signedInvoice: signed?.SignedInvoice ?? null,
        signedQrCode: signed?.SignedQRCode ?? null,
        duplicate: true,
      };
    }
    throw new IrpRejected(answer.ErrorDetails.length > 0 ? answer.ErrorDetails : [{ code: 'none', message: 'no IRN and no error' }]);
  }

  /** `GET /eicore/v1.03/Invoice/irn/{irn}`: a registered invoice's details, its signed QR code among them. */
  private async irnDetails(irn: string, session: Session) {
    const path = `/eicore/v1.03/Invoice/irn/${encodeURIComponent(irn)}`;
    const answer = irnAnswer.parse(
      await this.call('GET', path, undefined, { user_name: this.credentials.username, AuthToken: session.token }),
    );
    if (answer.Status !== 1 || !answer.Data) throw new IrpRejected(answer.ErrorDetails);
    return irnData.parse(JSON.parse(aesDecrypt(session.sek, answer.Data).toString('utf8')));
  }

  private post(path: string, body: unknown, headers: Record<string, string>): Promise<unknown> {
    return this.call('POST', path, body, headers);
  }

  private async call(method: 'GET' | 'POST', path: string, body: unknown, headers: Record<string, string>): Promise<unknown> {
    const { baseUrl, clientId, clientSecret, gstin } = this.credentials;
    const response = await (this.options.fetch ?? fetch)(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', client_id: clientId, client_secret: clientSecret, gstin, ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`the IRP answered ${response.status} to ${path}: ${text.slice(0, 200)}`);
    try {
      return JSON.parse(text);
    } catch {
      throw new Error(`the IRP answered ${path} with something other than JSON: ${text.slice(0, 200)}`);
    }
  }
}
