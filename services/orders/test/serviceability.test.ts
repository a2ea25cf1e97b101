import { DATABASE_KINDS, databaseAvailable, type ServiceHarness, startServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersService } from '../src/service.js';
import { BlueDartDirectory } from '../src/serviceability/bluedart.js';
import { officialState, placeFromOffices } from '../src/serviceability/offline-directory.js';
import { startFakeBlueDart } from './fake-bluedart.js';

const places = {
  '403001': { description: 'Panaji', city: 'North Goa', state: 'Goa', prepaid: true },
  '560001': { description: 'Bangalore GPO', city: 'Bangalore', state: 'Karnataka', prepaid: true },
  '110001': { description: 'Connaught Place', city: 'New Delhi', state: 'Delhi', prepaid: true },
  '403706': { description: 'Canacona', city: 'South Goa', state: 'Goa', prepaid: false },
};
const credentials = (url: string) => ({
  baseUrl: url,
  clientId: 'client-1',
  clientSecret: 'secret-1',
  loginId: 'login-1',
  licenceKey: 'licence-1',
});

describe('the Blue Dart adapter against a local stand-in', () => {
  let fake: Awaited<ReturnType<typeof startFakeBlueDart>>;
  beforeAll(async () => {
    fake = await startFakeBlueDart(places);
  });
  afterAll(async () => fake?.close());

  it('logs in once, reuses the token, and reads the place and prepaid service', async () => {
    const blueDart = new BlueDartDirectory(credentials(fake.url));
    const logins = fake.calls.login;
    expect(await blueDart.lookup('403001')).toEqual({
      pincodeDescription: 'Panaji',
      cityDescription: 'North Goa',
      state: 'Goa',
      deliverable: true,
    });
    expect(await blueDart.lookup('403706')).toMatchObject({ state: 'Goa', deliverable: false });
    expect(await blueDart.lookup('999999')).toBeUndefined();
    expect(fake.calls.login - logins).toBe(1);
  });

  it('logs in again when the token is refused', async () => {
    const blueDart = new BlueDartDirectory(credentials(fake.url));
    await blueDart.lookup('403001');
    const logins = fake.calls.login;
    fake.expireTokensAfter(3600);
    expect(await blueDart.lookup('560001')).toMatchObject({ state: 'Karnataka' });
    expect(fake.calls.login - logins).toBe(1);
  });

  it('reports wrong credentials and an unreachable courier as unavailable', async () => {
    await expect(new BlueDartDirectory({ ...credentials(fake.url), clientSecret: 'wrong' }).lookup('403001')).rejects.toThrow(
      'refused the login',
    );
    await expect(new BlueDartDirectory(credentials('http://127.0.0.1:9')).lookup('403001')).rejects.toThrow('could not be reached');
  });
});

describe('folding post offices into one place per pincode', () => {
  const office = (name: string, district: string, state: string, region = '') => ({
    name,
    pincode: 1,
    district,
    division: district,
    region,
    state,
  });

  it('names the pincode after the office of its area, and the city after the district', () => {
    expect(
      placeFromOffices([office('Miramar', 'North Goa', 'Goa', 'Goa-Panaji'), office('Panaji', 'North Goa', 'Goa', 'Goa-Panaji')]),
    ).toEqual({
      pincodeDescription: 'Panaji',
      cityDescription: 'North Goa',
      state: 'Goa',
      deliverable: true,
    });
  });

  it("uses today's names of states and union territories", () => {
    expect(officialState({ state: 'Jammu & Kashmir', district: 'Leh' })).toBe('Ladakh');
    expect(officialState({ state: 'Jammu & Kashmir', district: 'Srinagar' })).toBe('Jammu and Kashmir');
    expect(officialState({ state: 'Daman & Diu', district: 'Daman' })).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(officialState({ state: 'Pondicherry', district: 'Pondicherry' })).toBe('Puducherry');
    expect(officialState({ state: 'Chattisgarh', district: 'Raipur' })).toBe('Chhattisgarh');
  });

  it('takes the state most offices are in', () => {
    expect(placeFromOffices([office('A', 'X', 'Goa'), office('B', 'X', 'Karnataka'), office('C', 'X', 'Karnataka')]).state).toBe(
      'Karnataka',
    );
  });
});

describe.each(DATABASE_KINDS)('GET /shipping/bluedart/pincode/{pincode} with Blue Dart, on %s', (kind) => {
  const available = databaseAvailable(kind);
  let fake: Awaited<ReturnType<typeof startFakeBlueDart>>;
  let orders: ServiceHarness;

  beforeAll(async () => {
    if (!available) return;
    fake = await startFakeBlueDart(places);
    orders = await startServiceHarness(ordersService, {
      kind,
      env: {
        BLUEDART_BASE_URL: fake.url,
        BLUEDART_CLIENT_ID: 'client-1',
        BLUEDART_CLIENT_SECRET: 'secret-1',
        BLUEDART_LOGIN_ID: 'login-1',
        BLUEDART_LICENCE_KEY: 'licence-1',
      },
    });
  });
  afterAll(async () => {
    await orders?.close();
    await fake?.close();
  });

  it.runIf(available)('answers serviceable for a launch state the courier delivers to', async () => {
    const { status, body } = await orders.json('/shipping/bluedart/pincode/403001');
    expect(status).toBe(200);
    expect(body).toEqual({
      is_success: true,
      data: { pincodeDescription: 'Panaji', cityDescription: 'North Goa', state: 'Goa', serviceable: true },
    });
  });

  it.runIf(available)(
    'answers not serviceable outside the launch states, where the courier has no prepaid service, and for unknown pincodes',
    async () => {
      expect((await orders.json('/shipping/bluedart/pincode/110001')).body.data).toMatchObject({ state: 'Delhi', serviceable: false });
      expect((await orders.json('/shipping/bluedart/pincode/403706')).body.data).toMatchObject({ state: 'Goa', serviceable: false });
      expect((await orders.json('/shipping/bluedart/pincode/999999')).body).toEqual({
        is_success: true,
        data: { pincodeDescription: '', cityDescription: '', state: '', serviceable: false },
      });
    },
  );

  it.runIf(available)('refuses a malformed pincode with 400 and never calls the courier', async () => {
    const before = fake.calls.finder;
    for (const pincode of ['40300', '0403001', '012345', 'abcdef', '4030011', '40 300']) {
      const { status, body } = await orders.json(`/shipping/bluedart/pincode/${encodeURIComponent(pincode)}`);
      expect(status, pincode).toBe(400);
      expect(body.message).toBe('Pincode must be 6 digits and cannot start with 0');
    }
    expect(fake.calls.finder).toBe(before);
  });

  it.runIf(available)('asks the courier once for a pincode checked again and again', async () => {
    const before = fake.calls.finder;
    for (let i = 0; i < 5; i++) await orders.json('/shipping/bluedart/pincode/560001');
    expect(fake.calls.finder - before).toBe(1);
  });

  it.runIf(available)('says so in the envelope when the courier is down', async () => {
    await fake.close();
    const { status, body } = await orders.json('/shipping/bluedart/pincode/411001');
    expect(status).toBe(503);
    expect(body).toMatchObject({ is_success: false, message: 'Pincode check is unavailable right now. Please try again shortly.' });
  });
});

describe.each(DATABASE_KINDS)('GET /shipping/bluedart/pincode/{pincode} with the offline directory, on %s', (kind) => {
  const available = databaseAvailable(kind);
  let orders: ServiceHarness;

  beforeAll(async () => {
    if (available) orders = await startServiceHarness(ordersService, { kind, env: { SERVICEABLE_STATES: 'Goa, Karnataka, Maharashtra' } });
  });
  afterAll(async () => orders?.close());

  it.runIf(available)("knows India's pincodes and serves the launch states only", async () => {
    const check = async (pincode: string) => (await orders.json(`/shipping/bluedart/pincode/${pincode}`)).body.data;
    expect(await check('403001')).toEqual({ pincodeDescription: 'Panaji', cityDescription: 'North Goa', state: 'Goa', serviceable: true });
    expect(await check('560001')).toMatchObject({ state: 'Karnataka', serviceable: true });
    expect(await check('400001')).toMatchObject({ state: 'Maharashtra', serviceable: true });
    expect(await check('500001')).toMatchObject({ state: 'Telangana', serviceable: false });
    expect(await check('194101')).toMatchObject({ state: 'Ladakh', serviceable: false });
    expect(await check('999999')).toMatchObject({ state: '', serviceable: false });
  });
});

describe('orders settings', () => {
  it('refuses an unknown serviceable state and a partial set of Blue Dart credentials', async () => {
    const { ordersSettings } = await import('../src/settings.js');
    expect(ordersSettings.safeParse({ SERVICEABLE_STATES: 'Goa, Atlantis' }).error?.issues[0]?.message).toContain(
      'unknown states: Atlantis',
    );
    await expect(startServiceHarness(ordersService, { kind: 'pglite', env: { BLUEDART_CLIENT_ID: 'only-this' } })).rejects.toThrow(
      'set all four or none',
    );
  });
});
