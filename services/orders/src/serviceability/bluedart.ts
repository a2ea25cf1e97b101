import { indianStateNamed } from '@elts/contracts';
import type { PincodeDirectory, PincodePlace } from './pincode-directory.js';

export interface BlueDartCredentials {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  loginId: string;
  licenceKey: string;
  timeoutMs?: number;
}

/** The parts of `GetServicesforPincodeResult` we read. */
interface ServicesForPincode {
  IsError?: boolean;
  ErrorMessage?: string;
  PincodeDescription?: string;
  CityDescription?: string;
  State?: string;
  eTailPrePaidAirInbound?: string;
  eTailPrePaidGroundInbound?: string;
  Embargo?: string;
}

export class CourierUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'CourierUnavailableError';
  }
}

const titleCase = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/(^|[\s-])\p{L}/gu, (letter) => letter.toUpperCase());

/**
 * Blue Dart's API gateway: a JWT from `token/v1/login` (ClientID and clientSecret headers), reused until shortly
 * before it expires or until the API refuses it, then `finder/v1/GetServicesforPincode`. A pincode is deliverable
 * for prepaid parcels when Blue Dart reports no error, no embargo, and prepaid inbound service by air or ground.
 */
export class BlueDartDirectory implements PincodeDirectory {
  readonly name = 'Blue Dart';
  private token: { value: string; expiresAt: number } | undefined;

  constructor(private readonly credentials: BlueDartCredentials) {}

  async lookup(pincode: string): Promise<PincodePlace | undefined> {
    let response = await this.findServices(pincode, await this.jwt());
    if (response.status === 401) {
      this.token = undefined;
      response = await this.findServices(pincode, await this.jwt());
    }
    if (!response.ok) throw new CourierUnavailableError(`Blue Dart answered ${response.status}`);
    const body = (await response.json()) as { GetServicesforPincodeResult?: ServicesForPincode };
    const result = body.GetServicesforPincodeResult;
    if (!result) throw new CourierUnavailableError('Blue Dart answered without a result');
    if (result.IsError) return undefined;
    const state = titleCase(result.State ?? '');
    return {
      pincodeDescription: titleCase(result.PincodeDescription ?? ''),
      cityDescription: titleCase(result.CityDescription ?? ''),
      state: indianStateNamed(state) ?? state,
      deliverable: result.Embargo !== 'Yes' && (result.eTailPrePaidAirInbound === 'Yes' || result.eTailPrePaidGroundInbound === 'Yes'),
    };
  }

  private findServices(pincode: string, jwt: string): Promise<Response> {
    return this.call('/in/transportation/finder/v1/GetServicesforPincode', {
      method: 'POST',
      headers: { JWTToken: jwt, 'content-type': 'application/json' },
      body: JSON.stringify({
        pinCode: pincode,
        profile: { Api_type: 'S', LicenceKey: this.credentials.licenceKey, LoginID: this.credentials.loginId },
      }),
    });
  }

  private async jwt(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const response = await this.call('/in/transportation/token/v1/login', {
      method: 'GET',
      headers: { ClientID: this.credentials.clientId, clientSecret: this.credentials.clientSecret },
    });
    if (!response.ok) throw new CourierUnavailableError(`Blue Dart refused the login (${response.status})`);
    const { JWTToken } = (await response.json()) as { JWTToken?: string };
    if (!JWTToken) throw new CourierUnavailableError('Blue Dart login answered without a token');
    this.token = { value: JWTToken, expiresAt: expiryOf(JWTToken) };
    return JWTToken;
  }

  private async call(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(new URL(path, this.credentials.baseUrl), {
        ...init,
        signal: AbortSignal.timeout(this.credentials.timeoutMs ?? 5000),
      });
    } catch (error) {
      throw new CourierUnavailableError('Blue Dart could not be reached', { cause: error });
    }
  }
}

/** A minute before the token's own `exp`, or an hour from now when it has none we can read. */
function expiryOf(jwt: string): number {
  try {
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: number };
    if (typeof payload.exp === 'number') return payload.exp * 1000 - 60_000;
  } catch {
    // Not a JWT we can read: fall through.
  }
  return Date.now() + 60 * 60_000;
}
