import { createHmac } from 'node:crypto';
import { addDays, indianDayOf, weekdayOf } from '@elts/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminCall, adminSignIn, createProduct, placeUnpaidOrder } from '../src/admin.js';
import { screenshot } from '../src/artifacts.js';
import { type OpenedPage, useBrowser, VIEWPORTS } from '../src/browser.js';
import { fitsAndReads } from '../src/fits-and-reads.js';
import { subscriber, type TestMember } from '../src/members.js';
import { type ProductProcess, startProductProcess } from '../src/product-process.js';
import { LIGHT_START } from './membership-steps.js';

const browser = useBrowser();
const ENTRANTS = 8;
let product: ProductProcess;

/**
 * A calendar whose drops are all days away (its Friday at least four days on), so the drop this journey schedules a
 * minute ahead is the one open or opening next, whatever day the suite runs.
 */
function quietAnchor(): string {
  let day = addDays(indianDayOf(new Date()), 4);
  while (weekdayOf(day) !== 5) day = addDays(day, 1);
  return day;
}

beforeAll(async () => {
  // One member a second, so the last of ENTRANTS waits ENTRANTS - 1 seconds after the opening: time to see their place.
  // No demo catalogue: its products follow the drop open or next, and this drop is to hold one unit only.
  product = await startProductProcess({
    ...ADMIN_ENV,
    DROP_ANCHOR_DATE: quietAnchor(),
    ADMITTED_PER_SECOND: '1',
    WAITING_ROOM_MINUTES: '10',
    SEED_DEMO_CATALOG: 'false',
  });
});
afterAll(async () => {
  await product?.stop();
});

const roomOf = (page: Page) => page.getByRole('region', { name: /^Waiting room: / });

// Issue 33 item 2: members join the drop's waiting room before it opens, see the seed's SHA-256, are drawn in a
// random order at the opening, see their place and when they may buy, and hear "Sold out" once nothing is left.
describe("a drop's waiting room", () => {
  it('takes members in before the opening, shows each their place after it, and says Sold out when the last unit goes', async () => {
    const base = product.baseURL;
    const members: TestMember[] = [];
    for (let i = 0; i < ENTRANTS; i++) members.push(await subscriber({ base }));
    const token = await adminSignIn(base);
    // A minute: time to open every tab and join before the opening, on a busy machine too.
    const opensAt = new Date(Math.ceil((Date.now() + 60_000) / 1000) * 1000);
    const closesAt = new Date(opensAt.getTime() + 2 * 86_400_000);
    const drop = await adminCall<{ data: { id: string; label: string } }>('/admin/drops', {
      base,
      token,
      body: { opensAt: opensAt.toISOString(), closesAt: closesAt.toISOString() },
    });
    const deal = await createProduct({ stock: 1, dropId: drop.data.id, saleStartAt: null, saleEndAt: null }, base);

    // Every member's board is open in a tab of its own: the one who joins on screen, and the others through the API.
    const tabs: OpenedPage[] = [];
    for (const member of members) {
      const tab = await browser.open(LIGHT_START, { session: member.session, viewport: VIEWPORTS.phone });
      await tab.page.goto(`${base}/profile`, { timeout: 30_000 });
      tabs.push(tab);
    }
    const first = tabs[0]!.page;
    const room = roomOf(first);
    await room.waitFor({ timeout: 30_000 });
    expect(await room.textContent()).toContain('Join now to get a place in a fair draw at the opening.');
    await room.getByRole('button', { name: 'Join the waiting room' }).click();
    await room.getByText('You are in. Your place is drawn when the drop opens.').waitFor();
    const shown = (await room.getByTestId('seed-sha256').textContent())?.trim() ?? '';
    expect(shown).toMatch(/^[0-9a-f]{64}$/);
    for (const member of members.slice(1)) await adminCall('/drop/waiting-room', { base, token: member.token, body: {} });
    await screenshot(first, 'drop-waiting-room-joined', VIEWPORTS.phone);
    await fitsAndReads(first);

    // At the opening the draw is published; each member's place is the rank of HMAC-SHA256(seed, member id).
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, opensAt.getTime() - Date.now() + 300)));
    const draw = (
      await adminCall<{ data: { seed: string; seed_sha256: string; digests: string[] } }>(`/drop/${drop.data.id}/draw`, { base })
    ).data;
    expect(draw.seed_sha256).toBe(shown);
    const ids = await Promise.all(
      members.map(
        async (member) =>
          (await adminCall<{ data: { member_id: string } }>('/drop/waiting-room', { base, token: member.token })).data.member_id,
      ),
    );
    const places = ids.map((id) => draw.digests.indexOf(createHmac('sha256', Buffer.from(draw.seed, 'hex')).update(id).digest('hex')) + 1);
    expect([...places].sort((a, b) => a - b)).toEqual(members.map((_, index) => index + 1));

    // The last drawn waits ENTRANTS - 1 seconds: their room says so, and when the one drawn first takes the only
    // unit, it says Sold out at once.
    const last = tabs[places.indexOf(ENTRANTS)]!.page;
    const lastRoom = roomOf(last);
    await lastRoom.getByText(`You are number ${ENTRANTS} of ${ENTRANTS}.`).waitFor();
    expect(await lastRoom.textContent()).toMatch(/Your turn to buy comes at \d\d:\d\d:\d\d, in \d s\./);
    await screenshot(last, 'drop-waiting-room-place', VIEWPORTS.phone);
    await placeUnpaidOrder(members[places.indexOf(1)]!.token, deal.id, base);
    await lastRoom.getByText('Sold out').waitFor();
    await fitsAndReads(last);
    for (const tab of tabs) {
      expect(tab.pageErrors).toEqual([]);
      await tab.page.close();
    }
  }, 180_000);
});
