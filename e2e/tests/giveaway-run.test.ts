import { GIVEAWAY_QUESTIONS } from '@elts/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { adminCall, adminToken, eventually, useAdminProduct } from '../src/admin-session.js';
import { VIEWPORTS, type Viewport } from '../src/browser.js';
import { widerThanWindow } from '../src/layout.js';
import { subscriber, type TestMember } from '../src/members.js';

// The giveaway run end to end (issue 21 item 6, issue 18 item 14): an operator sets the twelve prizes, members enter
// (one through the giveaway block, eleven through the API), the operator reads the entries and draws, a winner is
// mailed, and the winners are listed on /elts under Merch and on the member's giveaway block. A product of its own,
// whose giveaway opens at 2 members rather than 10,000, and whose draw can happen only once.
// The back office's product times payments out in seconds; here twelve members approve their mandates on a busy
// machine, so payments keep the product's own timeouts.
const product = useAdminProduct({ GIVEAWAY_OPENS_AT_MEMBERS: '2', PAYMENT_AT_RISK_SECONDS: '720', PAYMENT_TIMEOUT_SECONDS: '900' });

const OTHER_NAMES = ['Bina', 'Chitra', 'Dev', 'Esha', 'Farhan', 'Gita', 'Hari', 'Isha', 'Jai', 'Kavya', 'Lina'];
const correctAnswers = Object.fromEntries(GIVEAWAY_QUESTIONS.map(({ key, question, correct }) => [key, { question, answer: correct }]));

let token: string;
let asha: TestMember;
let others: TestMember[];
let catalogueProduct: { id: string; name: string };

const adminSession = () => ({ adminToken: token });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

/** Fits the window (nothing wider) and has no serious axe problem, where `what` names the page and width. */
async function expectTidy(page: Page, what: string) {
  expect(await widerThanWindow(page), what).toEqual([]);
  expect(await seriousViolations(page), what).toEqual([]);
}

async function openGiveawayPage(viewport: Viewport = VIEWPORTS.desktop) {
  const opened = await product.open('/admin/giveaway', { session: adminSession(), viewport });
  await heading(opened.page, 'Giveaway');
  await opened.page.getByText('Loading the giveaway...').waitFor({ state: 'detached' });
  return opened;
}

beforeAll(async () => {
  const base = product.base();
  token = await adminToken(base);
  const products = await adminCall(base, token, '/product/list?enabled_only=false');
  catalogueProduct = products.body.data.products[0];
  // Twelve subscribers, a few at a time (each approves a mandate on the payment simulator).
  asha = await subscriber({ name: 'Asha Rao', base, profile: { firstname: 'Asha', lastname: 'Rao' } });
  others = [];
  for (let i = 0; i < OTHER_NAMES.length; i += 4) {
    const batch = OTHER_NAMES.slice(i, i + 4).map((first) =>
      subscriber({ name: `${first} Kumar`, base, profile: { firstname: first, lastname: 'Kumar' } }),
    );
    others.push(...(await Promise.all(batch)));
  }
}, 300_000);

describe('the giveaway run', () => {
  it('lets an operator set the twelve prizes from the catalogue or described, saying what is missing', async () => {
    const { page, pageErrors } = await openGiveawayPage();
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Giveaway' }).waitFor();
    await page.getByRole('button', { name: 'Save prizes' }).click();
    await page.getByText('Prize 1: choose a product from the catalogue.').waitFor();
    await page.getByText('12 prizes need your attention before saving.').waitFor();

    const slot = (n: number) => page.getByRole('group', { name: `Prize ${String(n).padStart(2, '0')}` });
    await slot(1).getByLabel('Product').selectOption(catalogueProduct.id);
    for (let n = 2; n <= 12; n++) {
      await slot(n).getByLabel('Prize type').selectOption('custom');
      await slot(n).getByLabel('Name').fill(`ELTS merch drop ${n}`);
      await slot(n).getByLabel('Description').fill('Limited edition, members only');
      await slot(n)
        .getByLabel('Image address')
        .fill(n === 2 ? 'http://images.example.in/hoodie.png' : `https://images.example.in/merch-${n}.png`);
    }
    await page.getByRole('button', { name: 'Save prizes' }).click();
    await page.getByText('Prize 2: the image must be a web address starting with https://.').waitFor();
    await slot(2).getByLabel('Image address').fill('https://images.example.in/hoodie.png');
    await page.getByRole('button', { name: 'Save prizes' }).click();
    await page.getByRole('status').filter({ hasText: 'Prizes saved' }).waitFor();
    await expectTidy(page, '/admin/giveaway at 1366 px');
    expect(pageErrors).toEqual([]);
    await page.close();

    const results = await fetch(`${product.base()}/user/giveaway/results`).then((response) => response.json());
    expect(results.data.prizes).toHaveLength(12);
    expect(results.data.prizes[0]).toMatchObject({ slot: 1, name: catalogueProduct.name, productId: catalogueProduct.id });
  });

  it('shows a subscriber the real prizes on the giveaway block, and enters them with the three questions', async () => {
    const { page } = await product.open('/profile?section=merch', { session: asha.session, viewport: VIEWPORTS.phone });
    await page.getByRole('heading', { name: 'To the member goes the Spoels!' }).waitFor();
    const prizes = page.getByRole('list', { name: 'Prizes' });
    await prizes.getByText(catalogueProduct.name).waitFor();
    expect(await prizes.getByRole('listitem').count()).toBe(12);
    expect(await page.getByText(/^Prize \d\d$/).count()).toBe(12);
    await page.getByRole('button', { name: 'ENTER NOW' }).click();
    const terms = page.getByRole('dialog', { name: 'Terms and conditions' });
    for (const { correct } of GIVEAWAY_QUESTIONS) await terms.getByLabel(correct).check();
    await terms.getByRole('button', { name: 'I AGREE' }).click();
    await page.getByText("Congratulations! You're entered in the giveaway!").waitFor();
    await expectTidy(page, 'the giveaway block at 390 px');
    await page.close();

    // The other eleven enter through the API, as the block does.
    for (const member of others) {
      const entered = await fetch(`${product.base()}/user/giveaway`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
        body: JSON.stringify(correctAnswers),
      });
      expect(entered.status, await entered.clone().text()).toBe(201);
    }
  });

  it('shows the operator every entry with its counts and CSV, then draws once and records the seed', async () => {
    const { page, pageErrors } = await openGiveawayPage();
    await page.getByRole('region', { name: 'Total Entries' }).getByText('12').waitFor();
    await page.getByRole('region', { name: 'Passed' }).getByText('12').waitFor();
    await page.getByRole('region', { name: 'Failed' }).getByText('0').waitFor();
    const entries = page.getByRole('region', { name: 'Giveaway entries' });
    await entries.getByRole('row').filter({ hasText: asha.email }).getByText('Passed').waitFor();
    await page.getByText('Showing 1 to 12 of 12 entries').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^giveaway-entries_\d{4}-\d{2}-\d{2}\.csv$/);

    await page.getByRole('button', { name: 'Draw winners' }).click();
    const confirm = page.getByRole('dialog', { name: 'Draw the winners now?' });
    await confirm.getByRole('button', { name: 'Draw and announce' }).click();
    await page.getByRole('status').filter({ hasText: 'The winners are drawn, and each has been sent an email.' }).waitFor();
    const winners = page.getByRole('region', { name: 'Winners' });
    await winners.getByRole('row').nth(12).waitFor();
    expect(await winners.getByRole('row').count()).toBe(13);
    await page.getByText('Seed', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Draw winners' }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await page.close();

    // Once only; and the audit log has the draw with its seed, by this operator.
    const again = await adminCall(product.base(), token, '/admin/giveaway/draw', { body: {} });
    expect(again).toMatchObject({ status: 409, body: { message: 'The winners have already been drawn. A giveaway is drawn once.' } });
    const drawn = (await adminCall(product.base(), token, '/admin/giveaway')).body.data.draw;
    const audit = await eventually('the draw in the audit log', async () => {
      const { body } = await adminCall(product.base(), token, '/admin/audit?limit=100');
      return body.data.find((row: { action: string }) => row.action === 'giveaway.draw');
    });
    expect(audit.actor).toMatch(/^admin:/);
    expect(audit.after).toMatchObject({ seed: drawn.seed, entrantCount: 12 });

    const phone = await openGiveawayPage(VIEWPORTS.phone);
    await phone.page.getByRole('region', { name: 'Winners' }).getByRole('row').nth(12).waitFor();
    await expectTidy(phone.page, '/admin/giveaway after the draw at 390 px');
    await phone.page.close();
  });

  it('mails each winner and lists the winners on /elts under Merch and on the giveaway block', async () => {
    const mailbox = await fetch(`${product.base()}/dev/mailbox`).then((response) => response.json());
    const won = mailbox.data.filter((mail: { subject: string }) => mail.subject === 'You won the ELTS Club giveaway!');
    expect(won).toHaveLength(12);
    expect(won.map((mail: { recipient: string }) => mail.recipient).sort()).toEqual([asha, ...others].map((member) => member.email).sort());

    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const { page, pageErrors } = await product.open('/elts', { viewport });
      await page.getByRole('navigation', { name: 'Wall of ELTS menu' }).getByRole('link', { name: 'Merch' }).click();
      await page.getByRole('heading', { name: 'The winners' }).waitFor();
      const winners = page.getByRole('list', { name: 'Winners' });
      await winners.getByText('Asha R.').waitFor();
      expect(await winners.getByRole('listitem').count()).toBe(12);
      await expectTidy(page, `/elts Merch at ${viewport.width} px`);
      expect(pageErrors).toEqual([]);
      await page.close();
    }

    const { page } = await product.open('/profile?section=merch', { session: asha.session });
    await page.getByText(/^You won .+! We have sent you an email about your prize\.$/).waitFor();
    await page.getByRole('list', { name: 'Prizes' }).getByText('Won by Asha R.').waitFor();
    expect(await page.getByRole('button', { name: 'ENTER NOW' }).count()).toBe(0);
    await expectTidy(page, 'the giveaway block after the draw at 1366 px');
    await page.close();
  });
});
