import { GIVEAWAY_QUESTIONS } from '@elts/contracts';
import { createServiceApp, sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, type ServiceHarness, silentLogger } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawWinners, entrantsDigest } from '../src/domain/giveaway-draw.js';
import { mailTo, setSubscription, signUp, startIdentity, uniqueEmail } from './helpers.js';

// Names are letters only: sign-in keeps a provider name only if it reads as a person's name.
const FIRST_NAMES = ['Aarav', 'Bina', 'Chitra', 'Dev', 'Esha', 'Farhan', 'Gita', 'Hari', 'Isha', 'Jai', 'Kavya', 'Lina', 'Manu'];
const ADMIN = { username: 'operator', password: 'correct horse battery staple' };

const answers = (correct: boolean) =>
  Object.fromEntries(
    GIVEAWAY_QUESTIONS.map(({ key, question, correct: right }) => [key, { question, answer: correct ? right : 'Buy & Sell' }]),
  );

/** The catalogue's internal product API, as identity asks it for a product prize. */
function catalogStandIn() {
  const app = createServiceApp({ name: 'catalog', logger: silentLogger() });
  app.get('/internal/products/:id', (c) => {
    if (c.req.param('id') !== 'PRD-KETTLE') return c.json({ is_success: false, message: 'Product not found' }, 404);
    return c.json({
      is_success: true,
      data: {
        id: 'PRD-KETTLE',
        name: 'Travel Kettle',
        brand: 'Prestige',
        category: 'Home & Garden',
        images: ['/product/images/kettle.svg'],
      },
    });
  });
  return app;
}

const customPrize = (slot: number, overrides: Record<string, unknown> = {}) => ({
  slot,
  kind: 'custom',
  name: `Prize number ${slot}`,
  description: 'Limited edition',
  imageUrl: `https://images.example.in/prize-${slot}.png`,
  ...overrides,
});
const twelvePrizes = () => Array.from({ length: 12 }, (_, index) => customPrize(index + 1));

describe.each(DATABASE_KINDS)('the giveaway run on %s', (kind) => {
  const available = databaseAvailable(kind);
  let identity: ServiceHarness;
  let admin: string;
  const passed: Array<{ memberId: string; email: string; token: string }> = [];

  beforeAll(async () => {
    if (!available) return;
    identity = await startIdentity(
      kind,
      { GIVEAWAY_OPENS_AT_MEMBERS: '2', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
      undefined,
      {
        catalog: catalogStandIn(),
      },
    );
    admin = (await identity.json('/admin/login', { method: 'POST', body: ADMIN })).body.token;
  });
  afterAll(async () => identity?.close());

  const setPrizes = (prizes: unknown[], token = admin) =>
    identity.json('/admin/giveaway/prizes', { method: 'PUT', token, body: { prizes } });
  const draw = (token = admin) => identity.json('/admin/giveaway/draw', { method: 'POST', token, body: {} });

  /** A subscriber who entered the giveaway, answering rightly or not. */
  async function entrant(correct: boolean, name = 'Asha Rao') {
    const member = await signUp(identity, uniqueEmail('entrant'), name);
    await setSubscription(identity, member, 'active');
    const entered = await identity.json('/user/giveaway', { method: 'POST', token: member.token, body: answers(correct) });
    expect(entered.status, JSON.stringify(entered.body)).toBe(201);
    return member;
  }

  it.runIf(available)('lets only an admin read or set the prizes, or draw', async () => {
    const member = await signUp(identity);
    for (const token of [undefined, member.token]) {
      const set = await identity.json('/admin/giveaway/prizes', {
        method: 'PUT',
        ...(token ? { token } : {}),
        body: { prizes: twelvePrizes() },
      });
      expect(set.status).toBe(401);
      expect(set.body.message).toBe('Authentication required');
      expect((await identity.json('/admin/giveaway/draw', { method: 'POST', ...(token ? { token } : {}), body: {} })).status).toBe(401);
      expect((await identity.json('/admin/giveaway/entries', token ? { token } : {})).status).toBe(401);
      expect((await identity.json('/admin/giveaway', token ? { token } : {})).status).toBe(401);
    }
    // A member is refused before the body is read: a bad body tells them nothing either.
    expect((await setPrizes([{ nonsense: true }], member.token)).status).toBe(401);
    expect((await identity.json('/user/giveaway/results')).body.data.prizes).toEqual([]);
  });

  it.runIf(available)('refuses prizes that are not exactly slots 1 to 12, each valid, with a sentence', async () => {
    const cases: Array<[unknown[], string]> = [
      [twelvePrizes().slice(0, 11), 'Set exactly 12 prizes, one for each slot from 1 to 12.'],
      [[...twelvePrizes().slice(0, 11), customPrize(3)], 'Set exactly 12 prizes, one for each slot from 1 to 12.'],
      [[...twelvePrizes().slice(0, 11), customPrize(13)], 'Set exactly 12 prizes, one for each slot from 1 to 12.'],
      [[...twelvePrizes().slice(1), customPrize(1, { name: '  ' })], 'Prize 1: give it a name.'],
      [[...twelvePrizes().slice(1), customPrize(1, { name: 'x'.repeat(81) })], 'Prize 1: the name can be at most 80 characters.'],
      [
        [...twelvePrizes().slice(1), customPrize(1, { description: 'x'.repeat(301) })],
        'Prize 1: the description can be at most 300 characters.',
      ],
      [
        [...twelvePrizes().slice(1), customPrize(1, { imageUrl: 'http://images.example.in/a.png' })],
        'Prize 1: the image must be a web address starting with https://.',
      ],
      [
        [...twelvePrizes().slice(1), customPrize(1, { imageUrl: 'javascript:alert(1)' })],
        'Prize 1: the image must be a web address starting with https://.',
      ],
      [[...twelvePrizes().slice(1), customPrize(1, { imageUrl: '' })], 'Prize 1: add the address of its image.'],
      [[...twelvePrizes().slice(1), { slot: 1, kind: 'product' }], 'Prize 1: choose a product from the catalogue.'],
      [
        [...twelvePrizes().slice(1), { slot: 1, kind: 'product', productId: 'PRD-NONE' }],
        'Prize 1: no product in the catalogue has the id PRD-NONE.',
      ],
    ];
    for (const [prizes, message] of cases) {
      const { status, body } = await setPrizes(prizes);
      expect({ status, message: body.message }).toEqual({ status: 400, message });
    }
    expect((await identity.json('/user/giveaway/results')).body.data.prizes).toEqual([]);
  });

  it.runIf(available)('keeps the prizes set, a product prize with the catalogue product as it was, and records who set them', async () => {
    const prizes = [...twelvePrizes().slice(0, 11).reverse(), { slot: 12, kind: 'product', productId: 'PRD-KETTLE' }];
    const { status, body } = await setPrizes(prizes);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data.prizes.map((prize: { slot: number }) => prize.slot)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const results = (await identity.json('/user/giveaway/results')).body.data;
    expect(results.prizes[0]).toEqual({
      slot: 1,
      name: 'Prize number 1',
      description: 'Limited edition',
      imageUrl: 'https://images.example.in/prize-1.png',
      productId: null,
    });
    expect(results.prizes[11]).toEqual({
      slot: 12,
      name: 'Travel Kettle',
      description: 'Prestige',
      imageUrl: '/product/images/kettle.svg',
      productId: 'PRD-KETTLE',
    });
    expect(results).toMatchObject({ drawn_at: null, winners: [] });

    const adminId = (await sql<{ id: string }>`select id from admins where username = ${ADMIN.username}`.execute(identity.db)).rows[0]!.id;
    const { rows } = await sql<{ type: string; metadata: { actor: string } }>`
      select type, metadata from events where stream_id = 'giveaway-run' order by stream_version`.execute(identity.db);
    expect(rows.at(-1)).toMatchObject({ type: 'GiveawayPrizesSet', metadata: { actor: `admin:${adminId}` } });
  });

  // Fifteen members sign up, subscribe and enter one after another: slow on a busy machine.
  it.runIf(available)(
    'lists the entries with their counts and a CSV, in the draw order',
    async () => {
      // With fewer who passed than prizes, there is no draw.
      for (let i = 0; i < 13; i++) {
        passed.push(await entrant(true, `${FIRST_NAMES[i]} Kumar`));
        if (i === 0 || i === 2) {
          const fewer = await draw();
          expect(fewer.status).toBe(409);
          expect(fewer.body.message).toBe(
            `The draw needs at least 12 members who answered correctly, one for each prize, and has ${i + 1} so far.`,
          );
        }
      }
      const failed = [await entrant(false, 'Wrong Answer'), await entrant(false, 'Also Wrong')];

      const page = await identity.json('/admin/giveaway/entries?limit=10', { token: admin });
      expect(page.status).toBe(200);
      expect(page.body.counts).toEqual({ total: 15, passed: 13, failed: 2 });
      expect(page.body.pagination).toMatchObject({ currentPage: 1, totalPages: 2, totalCount: 15 });
      expect(page.body.data).toHaveLength(10);
      expect(page.body.data[0]).toMatchObject({ name: 'Aarav Kumar', email: passed[0]!.email, passed: true });
      const failedOnly = await identity.json('/admin/giveaway/entries?result=failed', { token: admin });
      expect(failedOnly.body.data.map((entry: { email: string }) => entry.email)).toEqual(failed.map((member) => member.email));
      expect(failedOnly.body.pagination.totalCount).toBe(2);
      const badFilter = await identity.json('/admin/giveaway/entries?result=maybe', { token: admin });
      expect(badFilter.status).toBe(400);
      expect(badFilter.body.message).toBe('The result filter is all, passed or failed.');

      const csv = await identity.request('/admin/giveaway/entries/export?result=passed', { token: admin });
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="giveaway-entries_\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = (await csv.text()).trim().split('\r\n');
      expect(lines[0]).toBe('Member ID,Member Number,Name,Email,Entered (India time),Entered At (UTC),Result');
      expect(lines).toHaveLength(14);
      expect(lines[1]).toMatch(
        new RegExp(`^${passed[0]!.memberId},\\d+,Aarav Kumar,${passed[0]!.email},\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2},\\d{4}-.*Z,Passed$`),
      );
    },
    120_000,
  );

  it.runIf(available)('draws 12 different winners from those who passed, once, verifiably by its seed, and mails each', async () => {
    const entrants = (await identity.json('/admin/giveaway/entries?result=passed&limit=100', { token: admin })).body.data as Array<{
      memberId: string;
      email: string;
    }>;
    const { status, body } = await draw();
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.message).toBe('The winners are drawn, and each has been sent an email.');
    const { seed, winners, entrantCount, entrantsDigest: digest, method } = body.data;
    expect(method).toBe('sha256-counter/fisher-yates/v1');
    expect(entrantCount).toBe(13);
    expect(winners.map((winner: { slot: number }) => winner.slot)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const winnerIds = winners.map((winner: { memberId: string }) => winner.memberId);
    expect(new Set(winnerIds).size).toBe(12);
    const passedIds = entrants.map((entry) => entry.memberId);
    for (const id of winnerIds) expect(passedIds).toContain(id);
    // Anyone with the seed and the passed entrants in the entries list's order gets the same winners.
    expect(digest).toBe(entrantsDigest(passedIds));
    expect(drawWinners(seed, passedIds, 12)).toEqual(winnerIds);

    // Each winner is mailed their prize; the one who passed and did not win is not.
    for (const winner of winners as Array<{ memberId: string; prize: string }>) {
      const email = entrants.find((entry) => entry.memberId === winner.memberId)!.email;
      const mail = await mailTo(identity, email);
      expect(mail.map((m) => m.subject)).toContain('You won the ELTS Club giveaway!');
      expect(mail.find((m) => m.subject === 'You won the ELTS Club giveaway!')!.body_text).toContain(`Your prize: ${winner.prize}.`);
    }
    const loser = entrants.find((entry) => !winnerIds.includes(entry.memberId))!;
    expect((await mailTo(identity, loser.email)).map((m) => m.subject)).not.toContain('You won the ELTS Club giveaway!');

    // The public list: each prize with its winner's wall name.
    const results = (await identity.json('/user/giveaway/results')).body.data;
    expect(results.drawn_at).toEqual(expect.any(String));
    expect(results.winners).toHaveLength(12);
    expect(results.winners[11]).toMatchObject({ slot: 12, prize: 'Travel Kettle', name: expect.stringMatching(/^[A-Z][a-z]+ K\.$/) });
    const overview = (await identity.json('/admin/giveaway', { token: admin })).body.data;
    expect(overview.draw).toMatchObject({ seed, entrantCount: 13, entrantsDigest: digest });
    // Closed once drawn, for operators as for members.
    expect(overview.open).toBe(false);
    expect(overview.winners[0]).toMatchObject({ slot: 1, memberId: winnerIds[0], email: expect.any(String) });
  });

  it.runIf(available)('refuses a second draw, new prizes and new entries after the draw', async () => {
    const before = (await identity.json('/user/giveaway/results')).body.data;
    const again = await draw();
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('The winners have already been drawn. A giveaway is drawn once.');
    const prizes = await setPrizes(twelvePrizes());
    expect(prizes.status).toBe(409);
    expect(prizes.body.message).toBe('The prizes cannot change after the winners have been drawn.');
    expect((await identity.json('/user/giveaway/results')).body.data).toEqual(before);

    const late = await signUp(identity);
    await setSubscription(identity, late, 'active');
    const entered = await identity.json('/user/giveaway', { method: 'POST', token: late.token, body: answers(true) });
    expect(entered.status).toBe(403);
    expect(entered.body.message).toBe('The giveaway has closed: the winners have been drawn.');
    // Closed to entries: no longer open, whatever the member count.
    expect((await identity.json('/user/giveaway', { token: late.token })).body.giveaway).toEqual({
      open: false,
      members_needed: 0,
      eligible: true,
      drawn: true,
      won: null,
    });
  });

  it.runIf(available)('tells a winner what they won on their giveaway block', async () => {
    const { winners } = (await identity.json('/admin/giveaway', { token: admin })).body.data;
    const winner = passed.find((member) => member.memberId === winners[0].memberId)!;
    const state = await identity.json('/user/giveaway', { token: winner.token });
    expect(state.body.giveaway).toMatchObject({ drawn: true, won: { slot: 1, prize: 'Prize number 1' } });
    expect(state.body.data).toEqual([expect.objectContaining({ passed: true })]);
  });
});

describe.each(DATABASE_KINDS)('the draw before the giveaway opens on %s', (kind) => {
  const available = databaseAvailable(kind);
  let identity: ServiceHarness;

  beforeAll(async () => {
    if (available)
      identity = await startIdentity(kind, {
        GIVEAWAY_OPENS_AT_MEMBERS: '10000',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
      });
  });
  afterAll(async () => identity?.close());

  it.runIf(available)('waits for the member count the giveaway opens at', async () => {
    const admin = (await identity.json('/admin/login', { method: 'POST', body: ADMIN })).body.token;
    const { status, body } = await identity.json('/admin/giveaway/draw', { method: 'POST', token: admin, body: {} });
    expect(status).toBe(409);
    expect(body.message).toBe('The giveaway opens once the community reaches 10,000 members. The draw waits until then.');
  });
});
