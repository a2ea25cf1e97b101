import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { baseURL, expectHeading, useBrowser } from '../src/browser.js';
import { completeProfile, signUp } from '../src/members.js';

// Invitation links from the account page, and the names on the public wall, on the running product.
const browser = useBrowser();

async function invitationsOf(token: string): Promise<{ data: Array<{ code: string; link: string }>; allowance: { per_month: number } }> {
  return fetch(`${baseURL()}/user/invitations`, { headers: { authorization: token, accept: 'application/json' } }).then((response) =>
    response.json(),
  );
}

describe('invitation links', () => {
  it('creates a link from the Wall of ELTS section, lists it as not used yet, and copies it', async () => {
    const member = await signUp({ name: 'Nila Menon' });
    await completeProfile(member, { firstname: 'Nila', lastname: 'Menon' });
    const { per_month: perMonth } = (await invitationsOf(member.token)).allowance;
    const { page, pageErrors } = await browser.open('/profile?section=wall', {
      session: member.session,
      prepare: (tab) => tab.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() }),
    });
    await expectHeading(page, 'Wall of ELTS');
    const card = page.getByRole('region', { name: 'Invite a friend' });
    await card.getByText(`${perMonth} of ${perMonth} invitation links left this month.`).waitFor();
    await card.getByRole('heading', { name: 'No invitation links yet' }).waitFor();

    await card.getByRole('button', { name: 'Create invitation link' }).click();
    await page.getByRole('status').filter({ hasText: 'Invitation link created. Copy it and send it to a friend.' }).waitFor();
    const links = card.getByRole('list', { name: 'Your invitation links' }).getByRole('listitem');
    await links.first().waitFor();
    expect(await links.count()).toBe(1);
    const [created] = (await invitationsOf(member.token)).data;
    expect(created?.link).toBe(`${baseURL()}/?invite=${created?.code}`);
    const row = card.getByRole('listitem', { name: `Invitation ${created?.code}` });
    await row.getByText(created!.link, { exact: true }).waitFor();
    await row.getByText('Not used yet', { exact: true }).waitFor();
    await card.getByText(`${perMonth - 1} of ${perMonth} invitation links left this month.`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByRole('button', { name: `Copy invitation link ${created?.code}` }).click();
    await page.getByRole('status').filter({ hasText: 'Invitation link copied.' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(created?.link);
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});

describe('the public Wall of ELTS', () => {
  it("shows the first members' first names and last initials", async () => {
    // At least one member is on the wall, whichever journeys ran before.
    await signUp({ name: 'Tara Shetty' });
    const wall = await fetch(`${baseURL()}/user/wall?page=1&limit=3`).then((response) => response.json());
    const names: string[] = wall.data.map((entry: { name: string }) => entry.name);
    expect(names.length).toBeGreaterThan(0);
    const { page } = await browser.open('/elts');
    await expectHeading(page, 'Wall of ELTS');
    const places = page.getByRole('list', { name: 'Places on the wall' });
    for (const name of names) await places.getByText(name, { exact: true }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
