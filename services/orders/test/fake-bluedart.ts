import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Blue Dart's API gateway that behaves as its documentation describes: a JWT from the login call
 * for the right ClientID and clientSecret, the JWTToken header required on the finder call (401 without or with an
 * expired one), and `GetServicesforPincodeResult` with IsError for unknown pincodes.
 */
export async function startFakeBlueDart(places: Record<string, { description: string; city: string; state: string; prepaid: boolean }>) {
  const calls = { login: 0, finder: 0 };
  const issued = new Map<string, number>();
  let tokenLifetimeSeconds = 3600;
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && req.url === '/in/transportation/token/v1/login') {
      calls.login++;
      if (req.headers.clientid !== 'client-1' || req.headers.clientsecret !== 'secret-1') return send(401, { title: 'Unauthorized' });
      const exp = Math.floor(Date.now() / 1000) + tokenLifetimeSeconds;
      const token = `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(JSON.stringify({ exp })).toString('base64url')}.sig${calls.login}`;
      issued.set(token, exp);
      return send(200, { JWTToken: token });
    }
    if (req.method === 'POST' && req.url === '/in/transportation/finder/v1/GetServicesforPincode') {
      calls.finder++;
      const exp = issued.get(String(req.headers.jwttoken));
      if (!exp || exp * 1000 < Date.now()) return send(401, { title: 'Token expired or invalid' });
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        pinCode: string;
        profile: { LoginID: string; LicenceKey: string };
      };
      if (body.profile.LoginID !== 'login-1' || body.profile.LicenceKey !== 'licence-1')
        return send(200, { GetServicesforPincodeResult: { IsError: true, ErrorMessage: 'Invalid licence' } });
      const place = places[body.pinCode];
      if (!place)
        return send(200, { GetServicesforPincodeResult: { IsError: true, ErrorMessage: 'Invalid Pincode', PinCode: body.pinCode } });
      const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
      return send(200, {
        GetServicesforPincodeResult: {
          IsError: false,
          ErrorMessage: 'Valid',
          PinCode: body.pinCode,
          PincodeDescription: place.description.toUpperCase(),
          CityDescription: place.city.toUpperCase(),
          State: place.state.toUpperCase(),
          Embargo: 'No',
          eTailPrePaidAirInbound: yesNo(place.prepaid),
          eTailPrePaidGroundInbound: 'No',
          eTailCODAirInbound: 'No',
          ApexInbound: 'Yes',
        },
      });
    }
    send(404, { title: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    expireTokensAfter(seconds: number) {
      tokenLifetimeSeconds = seconds;
      for (const token of issued.keys()) issued.set(token, Math.floor(Date.now() / 1000) - 1);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
