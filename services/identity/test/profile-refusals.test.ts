import { sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startIdentity, updateProfile } from './helpers.js';

// What a refused profile save tells the member, field by field (docs/decisions/0007, 0111, 0116), and the rules the
// screens alone used to keep: no comma inside a list item, and step 02 answered with its persona.
describe.each(DATABASE_KINDS)('profile refusals and shipping details on %s', (kind) => {
  const available = databaseAvailable(kind);
  let identity: ServiceHarness;

  beforeAll(async () => {
    if (available) identity = await startIdentity(kind);
  });
  afterAll(async () => identity?.close());

  const profileOf = async (token: string) => (await identity.json('/user/get-profile', { method: 'POST', token })).body.data[0];
  const eventsOf = async (memberId: string) =>
    (
      await sql<{ type: string; data: Record<string, unknown> }>`select type, data from events
        where stream_id = ${`member-${memberId}`} order by stream_version`.execute(identity.db)
    ).rows;

  it.runIf(available)("says what is wrong with a GSTIN in a sentence on the GST field, never the schema's path", async () => {
    const { token } = await signUp(identity);
    const cases = [
      ['27AAPFU0939F1ZW', "This GSTIN's check digit is wrong. Please check it against your GST registration certificate."],
      ['27AAPFU0939F1Z', 'A GSTIN has 15 characters. Please enter all of them.'],
      ['27AAPFU0939F1QV', 'This GSTIN is not in the right form: 2 digits for the state, the 10-character PAN, then 3 more characters.'],
    ] as const;
    for (const [gst, sentence] of cases) {
      const { status, body } = await updateProfile(identity, token, { subscriptionType: 'Save', profession: 'business', gst });
      expect(status, gst).toBe(400);
      expect(body).toMatchObject({ is_success: false, code: 'bad_request', message: sentence, error: sentence, fields: { gst: sentence } });
      expect(body.issues).toEqual([{ path: 'gst', message: sentence }]);
    }
    expect((await profileOf(token)).gst).toBe('');
  });

  it.runIf(available)('refuses a list item with a comma, which the comma-separated profile would split in two', async () => {
    const { token } = await signUp(identity);
    const { status, body } = await updateProfile(identity, token, {
      needList: ['Scooter, electric', 'Helmet', 'Gloves'],
      greedList: ['Camera'],
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      message: 'Use a word or two without commas for each item.',
      fields: { needList: 'Use a word or two without commas for each item.' },
    });
    expect(body.issues).toEqual([{ path: 'needList.0', message: 'Use a word or two without commas for each item.' }]);
    expect((await profileOf(token)).needList).toBe('');

    // Kept whole end to end without the comma; the spec's comma-separated string still separates items.
    await updateProfile(identity, token, { needList: ['Electric scooter', 'Helmet', 'Gloves'], greedList: 'Camera, Drone' });
    expect(await profileOf(token)).toMatchObject({ needList: 'Electric scooter,Helmet,Gloves', greedList: 'Camera,Drone' });
  });

  it.runIf(available)('needs the persona with step 02: a profession (or GSTIN) sent without it is refused on that field', async () => {
    const { token } = await signUp(identity);
    for (const body of [{ profession: 'student' }, { profession: 'business', gst: '27AAPFU0939F1ZV' }, { gst: '' }]) {
      const answer = await updateProfile(identity, token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({
        message: 'Please select a subscription type before submitting.',
        fields: { subscriptionType: 'Please select a subscription type before submitting.' },
      });
    }
    expect(await profileOf(token)).toMatchObject({ profession: null, subscriptionType: null, onboarding: { spendType: false } });
    expect((await updateProfile(identity, token, { profession: 'student', subscriptionType: 'Save' })).status).toBe(200);
    // The persona alone may still change.
    expect((await updateProfile(identity, token, { subscriptionType: 'Splurge' })).status).toBe(200);
  });

  it.runIf(available)('keeps a city and a state of India beside the shipping address, in its official name', async () => {
    const { token, memberId } = await signUp(identity);
    await updateProfile(identity, token, { address: '12 MG Road', pincode: 403001, professionAddress: '12 MG Road' });
    expect(await profileOf(token)).toMatchObject({ city: null, state: null });
    const saved = await updateProfile(identity, token, {
      address: '7 Park Street',
      city: 'Kolkata',
      state: 'west bengal',
      pincode: 700016,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data[0]).toMatchObject({
      address: '7 Park Street',
      city: 'Kolkata',
      state: 'West Bengal',
      pincode: 700016,
      professionAddress: '12 MG Road',
    });
    const refused = await updateProfile(identity, token, { city: ' ', state: 'Atlantis' });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ city: 'City is required', state: 'Please choose a state of India from the list.' });
    const shipping = (await eventsOf(memberId)).filter((event) => event.type === 'ShippingDetailsUpdated');
    expect(shipping.at(-1)?.data).toMatchObject({ city: 'Kolkata', state: 'West Bengal', pincode: '700016' });
  });

  it.runIf(available)('records a wish to hear when deliveries reach the pincode, once, and only for the pincode held', async () => {
    const { token, memberId } = await signUp(identity);
    const early = await updateProfile(identity, token, { deliveryAreaNotify: true });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('Add your pin code first, so we know which area to tell you about.');

    await updateProfile(identity, token, { address: '7 Park Street', pincode: 700016, professionAddress: '7 Park Street' });
    expect((await profileOf(token)).deliveryAreaNotifyPincode).toBeNull();
    const asked = await updateProfile(identity, token, { deliveryAreaNotify: true });
    expect(asked.status).toBe(200);
    expect(asked.body.data[0].deliveryAreaNotifyPincode).toBe(700016);
    expect((await updateProfile(identity, token, { deliveryAreaNotify: true })).status).toBe(200);
    const wishes = (await eventsOf(memberId)).filter((event) => event.type === 'DeliveryAreaNotifyRequested');
    expect(wishes.map((event) => event.data)).toEqual([{ memberId, pincode: '700016' }]);
    // The wish does not touch the member's own pincode.
    expect((await profileOf(token)).pincode).toBe(700016);

    // A new pincode is a new area: the wish for the old one is not shown as this one's.
    await updateProfile(identity, token, { pincode: 110001 });
    expect((await profileOf(token)).deliveryAreaNotifyPincode).toBeNull();
    const refused = await updateProfile(identity, token, { deliveryAreaNotify: false });
    expect(refused.status).toBe(400);
  });
});
