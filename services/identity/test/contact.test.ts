import { DATABASE_KINDS, databaseAvailable, type ServiceHarness } from '@elts/platform/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentity, uniqueEmail } from './helpers.js';

const message = () => ({
  firstName: 'Kavya',
  lastName: 'Iyer',
  email: uniqueEmail('kavya'),
  phone: '+91 98450 12345',
  option: 'brand',
  message: 'We make bamboo desk organisers and would like to offer them to your members.',
});

/** The stored messages with this sender's address, oldest first. */
async function stored(identity: ServiceHarness, email: string) {
  const { rows } = await sql<{ stream_id: string; type: string; data: Record<string, unknown>; actor: string }>`
    select stream_id, type, data, metadata->>'actor' as actor from events
    where type = 'ContactMessageReceived' and data->>'email' = ${email} order by position`.execute(identity.db);
  return rows;
}

describe.each(DATABASE_KINDS)('the contact form on %s', (kind) => {
  const available = databaseAvailable(kind);
  let identity: ServiceHarness;

  beforeAll(async () => {
    if (available) identity = await startIdentity(kind);
  });
  afterAll(async () => identity?.close());

  it.runIf(available)("stores a visitor's message, with no session, and answers with the spec's words", async () => {
    const sent = message();
    const { status, body } = await identity.json('/user/contact', { method: 'POST', body: { ...sent, firstName: '  Kavya ' } });
    expect(status).toBe(201);
    expect(body).toEqual({ is_success: true, message: 'Thank you for contacting us! We will get back to you soon.' });
    const rows = await stored(identity, sent.email);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row!.data).toEqual({ ...sent, messageId: expect.any(String) });
    expect(row!.stream_id).toBe(`contact-${row!.data.messageId}`);
    expect(row!.actor).toBe('visitor');
  });

  const required = {
    firstName: 'First name is required',
    lastName: 'Last name is required',
    email: 'Email is required',
    phone: 'Phone is required',
    option: 'Option must be one of brand, campus, query',
    message: 'Message is required',
  } as const;

  for (const [field, error] of Object.entries(required)) {
    it.runIf(available)(`refuses a message without ${field}, missing or blank, and stores nothing`, async () => {
      const sent = message();
      for (const body of [
        { ...sent, [field]: undefined },
        { ...sent, [field]: '   ' },
      ]) {
        const response = await identity.json('/user/contact', { method: 'POST', body });
        expect(response.status).toBe(400);
        expect(response.body.is_success).toBe(false);
        // A blank phone is also not a phone number: the first issue is the one that says it is required.
        expect(response.body.issues[0]).toEqual({ path: field, message: error });
        expect(response.body.issues.every((issue: { path: string }) => issue.path === field)).toBe(true);
      }
      expect(await stored(identity, sent.email)).toEqual([]);
    });
  }

  it.runIf(available)('refuses an option the form does not offer', async () => {
    const { status, body } = await identity.json('/user/contact', { method: 'POST', body: { ...message(), option: 'press' } });
    expect(status).toBe(400);
    expect(body.issues).toEqual([{ path: 'option', message: 'Option must be one of brand, campus, query' }]);
  });

  it.runIf(available)('refuses an email address that is not one', async () => {
    for (const email of ['kavya', 'kavya@', 'kavya at example.in']) {
      const { status, body } = await identity.json('/user/contact', { method: 'POST', body: { ...message(), email } });
      expect(status, email).toBe(400);
      expect(body.issues).toEqual([{ path: 'email', message: 'Email must be a valid email address' }]);
    }
  });
});
