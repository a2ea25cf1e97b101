import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { promisify } from 'node:util';
import { indianMidnight } from '@elts/contracts';
import { ManualClock } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, eventually } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entrantDigest, seedDigest } from '../src/waiting-room/draw.js';
import { DROP_FACTS_MS } from '../src/waiting-room/waiting-room.js';
import { type Member, order, startTestbed } from './testbed.js';

const run = promisify(execFile);
const REPO = new URL('../../../', import.meta.url).pathname;

/** The repo's script, as a member runs it (`npm run verify:drop`): its exit code and what it printed. */
async function verifyDropOrder(args: string[]) {
  try {
    const { stdout } = await run(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'scripts/src/verify-drop-order.ts', ...args],
      {
        cwd: REPO,
      },
    );
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

// A calendar drop: Saturday 05/12/2026 00:00 India time ("Friday midnight"), as the catalog's nextDrop names it.
const OPENS = indianMidnight('2026-12-05');
const DROP = {
  id: 'DROP-2026-12-04',
  label: 'Deal drop of 04/12/2026',
  opensAt: OPENS.toISOString(),
  closesAt: indianMidnight('2026-12-07').toISOString(),
};
const at = (ms: number) => new Date(OPENS.getTime() + ms);

describe.each(DATABASE_KINDS)('the waiting room on %s', (kind) => {
  const available = databaseAvailable(kind);
  const clock = new ManualClock();
  let bed: Awaited<ReturnType<typeof startTestbed>>;
  let entrants: Member[];
  let late: Member;
  let shownBefore: string;

  beforeAll(async () => {
    if (!available) return;
    clock.set(at(-11 * 60_000));
    bed = await startTestbed(
      kind,
      {
        'PRD-DROP': { stock: 3, dropId: DROP.id, saleStartAt: DROP.opensAt, saleEndAt: DROP.closesAt },
        // A drop four weeks on whose room no one opens.
        'PRD-FREE': { stock: 3, dropId: 'DROP-2027-01-01', saleStartAt: at(28 * 86_400_000).toISOString(), saleEndAt: null },
      },
      { ADMITTED_PER_SECOND: '2', WAITING_ROOM_MINUTES: '10' },
      clock,
    );
    bed.catalog.drops.next = DROP;
    entrants = await Promise.all([1, 2, 3, 4, 5].map(() => bed.subscriber()));
    late = await bed.subscriber();
  }, 60_000);
  afterAll(async () => bed?.close());

  const view = async (member: Member) => (await bed.orders.json('/drop/waiting-room', { token: member.token })).body.data;
  const join = (member: Member) => bed.orders.json('/drop/waiting-room', { method: 'POST', token: member.token });
  /** The operators' live view of the rooms (GET /admin/waiting-rooms). */
  const roomSizes = async () => (await bed.orders.json('/admin/waiting-rooms', { token: bed.orders.adminSession().token })).body.data.rooms;
  const waitFacts = () => new Promise((resolve) => setTimeout(resolve, DROP_FACTS_MS + 50));
  /**
   * A long poll: the member's room asked with the version they last saw, held until it changes or 20 s pass. Raced
   * against 5 s, twenty times a look's DROP_FACTS_MS, so 'still held' means the change did not wake it.
   */
  const held = (member: Member, seen: string) => {
    const answer = bed.orders.json(`/drop/waiting-room?seen=${seen}&wait=20`, { token: member.token });
    return Promise.race([answer.then((reply) => reply.body.data), new Promise((resolve) => setTimeout(() => resolve('still held'), 5000))]);
  };

  it.runIf(available)('is not open before WAITING_ROOM_MINUTES ahead of the drop, and says when it opens', async () => {
    const room = await view(entrants[0]!);
    expect(room).toMatchObject({ drop_id: DROP.id, state: 'upcoming', seed_sha256: null, joined: false, units_left: 3, sold_out: false });
    expect(room.room_opens_at).toBe(at(-10 * 60_000).toISOString());
    const refused = await join(entrants[0]!);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The waiting room opens at 23:50:00 on 04/12/2026, India time.');
  });

  it.runIf(available)('shows the seed digest once open, takes members in, and keeps its place unknown until the opening', async () => {
    clock.set(at(-5 * 60_000));
    await waitFacts();
    const before = await view(entrants[0]!);
    expect(before.state).toBe('open');
    expect(before.seed_sha256).toMatch(/^[0-9a-f]{64}$/);
    shownBefore = before.seed_sha256;
    for (const member of entrants) {
      const joined = await join(member);
      expect(joined.status).toBe(200);
      expect(joined.body.data).toMatchObject({ joined: true, position: null, seed_sha256: shownBefore });
    }
    // A repeat is the same place in the room; the seed never changes.
    expect((await join(entrants[0]!)).body.data).toMatchObject({ joined: true, seed_sha256: shownBefore });
    expect(await view(late)).toMatchObject({ joined: false, seed_sha256: shownBefore });
    expect((await bed.orders.json(`/drop/${DROP.id}/draw`)).status).toBe(404);
    expect(await roomSizes()).toEqual([{ drop_id: DROP.id, opens_at: DROP.opensAt, drawn: false, entrants: 5 }]);
    expect((await bed.orders.json('/admin/waiting-rooms', { token: late.token })).status).toBe(401);
    const early = await bed.reserve(entrants[0]!, order('PRD-DROP'));
    expect([early.status, early.body.message]).toEqual([400, 'The sale for this product has not started yet.']);
  });

  it.runIf(available)('refuses a member without an active membership', async () => {
    const lapsed = await bed.subscriber();
    await bed.membershipEnds(lapsed);
    const refused = await join(lapsed);
    expect([refused.status, refused.body.message]).toEqual([
      403,
      'Only active subscribers can join the waiting room. Subscribe to unlock the deals board.',
    ]);
  });

  it.runIf(available)('answers an ask with the version already seen when the wait runs out, and refuses a bad one', async () => {
    const room = await view(entrants[0]!);
    const asked = await bed.orders.json(`/drop/waiting-room?seen=${room.version}&wait=1`, { token: entrants[0]!.token });
    expect(asked.body.data).toMatchObject({ state: 'open', version: room.version });
    const tooLong = await bed.orders.json(`/drop/waiting-room?seen=${room.version}&wait=21`, { token: entrants[0]!.token });
    expect([tooLong.status, tooLong.body.message]).toEqual([400, 'Wait must be a whole number from 0 to 20.']);
    const notAVersion = await bed.orders.json('/drop/waiting-room?seen=DROP&wait=5', { token: entrants[0]!.token });
    expect([notAVersion.status, notAVersion.body.message]).toEqual([400, 'Seen must be the version of an earlier answer.']);
  });

  it.runIf(available)('draws at the opening: places by digest, turns ADMITTED_PER_SECOND a second, everyone else after', async () => {
    const waiting = held(entrants[0]!, (await view(entrants[0]!)).version);
    clock.set(at(500));
    // An ask held before the opening is answered with the member's place once the drop opens.
    expect(await waiting).toMatchObject({ state: 'drawn', joined: true, entrants: 5 });
    await waitFacts();
    const rooms = await Promise.all(entrants.map(view));
    const published = (await bed.orders.json(`/drop/${DROP.id}/draw`)).body.data;
    expect(published).toMatchObject({
      drop_id: DROP.id,
      opens_at: DROP.opensAt,
      seed_sha256: shownBefore,
      admitted_per_second: 2,
      entrants: 5,
    });
    expect(seedDigest(published.seed)).toBe(shownBefore);
    expect(published.digests).toEqual([...published.digests].sort());
    rooms.forEach((room, index) => {
      const member = entrants[index]!;
      const place = published.digests.indexOf(entrantDigest(published.seed, member.memberId));
      expect(room).toMatchObject({ state: 'drawn', joined: true, position: place + 1, entrants: 5, member_id: member.memberId });
      expect(room.admitted_at).toBe(at(Math.floor(place / 2) * 1000).toISOString());
      expect(room.admitted).toBe(place < 2);
    });
    expect(await view(late)).toMatchObject({ joined: false, position: null, admitted_at: at(3000).toISOString(), admitted: false });
    expect((await join(late)).status).toBe(409);
    // Operators see the room drawn with its five entrants; the other drop's room was never opened.
    expect(await roomSizes()).toEqual([{ drop_id: DROP.id, opens_at: DROP.opensAt, drawn: true, entrants: 5 }]);
  });

  it.runIf(available)('lets a member buy only from their turn, and answers others with their place', async () => {
    const rooms = await Promise.all(entrants.map(view));
    const first = entrants[rooms.findIndex((room) => room.position === 1)]!;
    const fifth = entrants[rooms.findIndex((room) => room.position === 5)]!;
    expect((await bed.reserve(first, order('PRD-DROP'))).status).toBe(200);
    const waiting = await bed.reserve(fifth, order('PRD-DROP'));
    expect([waiting.status, waiting.body.message]).toEqual([
      409,
      'You are number 5 in the waiting room. Your turn to buy comes at 00:00:02, India time.',
    ]);
    const lateEarly = await bed.reserve(late, order('PRD-DROP'));
    expect([lateEarly.status, lateEarly.body.message]).toEqual([
      409,
      'Members who were in the waiting room go first. You can buy from 00:00:03, India time.',
    ]);
    const lateTurn = held(late, (await view(late)).version);
    clock.set(at(3000));
    expect(await lateTurn).toMatchObject({ admitted: true, sold_out: false });
    expect((await bed.reserve(late, order('PRD-DROP'))).status).toBe(200);
    // A member still waiting for their turn hears "Sold out" from the ask they left open.
    const stillWaiting = entrants[rooms.findIndex((room) => room.position === 3)]!;
    const soldOut = held(stillWaiting, (await view(stillWaiting)).version);
    expect((await bed.reserve(fifth, order('PRD-DROP'))).status).toBe(200);
    expect(await soldOut).toMatchObject({ sold_out: true, units_left: 0 });
  });

  it.runIf(available)('tells every waiting member "Sold out" once the last unit is reserved', async () => {
    await eventually(async () => (await Promise.all(entrants.map(view))).every((room) => room.sold_out && room.units_left === 0), 2000);
  });

  it.runIf(available)(
    "is recomputed from the published seed by the repo's script, and a changed draw fails it",
    async () => {
      const published = (await bed.orders.json(`/drop/${DROP.id}/draw`)).body;
      const dir = await mkdtemp(joinPath(tmpdir(), 'drop-draw-'));
      const drawFile = joinPath(dir, 'draw.json');
      const membersFile = joinPath(dir, 'members.txt');
      await writeFile(drawFile, JSON.stringify(published));
      await writeFile(membersFile, entrants.map((member) => member.memberId).join('\n'));
      for (const member of entrants) {
        const { position } = await view(member);
        const checked = await verifyDropOrder([
          '--draw',
          drawFile,
          '--member',
          member.memberId,
          '--shown',
          shownBefore,
          '--members',
          membersFile,
        ]);
        expect(checked.code, checked.stdout).toBe(0);
        expect(checked.stdout).toContain('ok   the whole order recomputed from 5 member ids is the published one');
        expect(checked.stdout).toContain(`Your place: ${position} of 5`);
      }
      const swapped = [...published.data.digests];
      [swapped[0], swapped[1]] = [swapped[1], swapped[0]];
      await writeFile(drawFile, JSON.stringify({ ...published, data: { ...published.data, digests: swapped } }));
      const tampered = await verifyDropOrder(['--draw', drawFile, '--member', entrants[0]!.memberId, '--shown', shownBefore]);
      expect(tampered.code).toBe(1);
      expect(tampered.stdout).toContain('FAIL the digests are in ascending order');
      const outsider = await verifyDropOrder([
        '--draw',
        drawFile,
        '--member',
        late.memberId,
        '--shown',
        `${shownBefore.startsWith('0') ? '1' : '0'}${shownBefore.slice(1)}`,
      ]);
      expect(outsider.stdout).toContain("FAIL the seed's SHA-256 is the digest shown before the opening");
      expect(outsider.stdout).toContain("FAIL the member's digest is in the list");
    },
    60_000,
  );

  it.runIf(available)(
    'puts in the draw exactly the joins it answered, when joins race the opening',
    async () => {
      // The next drop, a fortnight on: a room of its own.
      const opens = new Date(OPENS.getTime() + 14 * 86_400_000);
      const closes = new Date(opens.getTime() + 2 * 86_400_000);
      bed.catalog.drops.next = { ...DROP, id: 'DROP-2026-12-18', opensAt: opens.toISOString(), closesAt: closes.toISOString() };
      clock.set(new Date(opens.getTime() - 60_000));
      await waitFacts();
      const members = await Promise.all(Array.from({ length: 30 }, () => bed.subscriber()));
      // Ten are in well before the opening; twenty more are on their way when the drop opens, and the first look at
      // the room after it draws.
      const answers = await Promise.all(members.slice(0, 10).map((member) => join(member)));
      const racing = members.slice(10).map((member) => join(member));
      await new Promise((resolve) => setTimeout(resolve, 5));
      clock.set(new Date(opens.getTime() + 1));
      const drawn = view(members[0]!);
      answers.push(...(await Promise.all(racing)));
      await drawn;
      expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
      const published = (await bed.orders.json('/drop/DROP-2026-12-18/draw')).body.data;
      const answeredIn = members.filter((_, index) => answers[index]!.status === 200);
      expect(answeredIn.length).toBeGreaterThanOrEqual(10);
      expect(published.digests).toEqual(answeredIn.map((member) => entrantDigest(published.seed, member.memberId)).sort());
    },
    60_000,
  );

  it.runIf(available)('lets everyone buy at the opening of a drop whose room no one opened', async () => {
    clock.set(at(28 * 86_400_000 + 100));
    const [first, second] = await Promise.all([bed.subscriber(), bed.subscriber()]);
    expect((await bed.reserve(first!, order('PRD-FREE'))).status).toBe(200);
    expect((await bed.reserve(second!, order('PRD-FREE'))).status).toBe(200);
    expect((await bed.orders.json('/drop/DROP-2027-01-01/draw')).status).toBe(404);
  });
});
