import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { baseURL, expectHeading, useBrowser, VIEWPORTS } from '../src/browser.js';
import { launchChromium } from '../src/chromium.js';
import { widerThanWindow } from '../src/layout.js';
import { completeProfile, signUp } from '../src/members.js';

// Issue 34, item 7: a member changes their name, birthday and mobile after sign-up on the Profile section; a new
// mobile is proven by a link texted to it, as a new email is by a link mailed to it; and the birthday reads and takes
// dd/mm/yyyy whatever the browser's language.
const browser = useBrowser();

async function textsTo(mobile: string): Promise<string[]> {
  const answer = await fetch(`${baseURL()}/dev/sms`, { headers: { accept: 'application/json' } });
  const texts = ((await answer.json()) as { data: { recipient: string; body_text: string }[] }).data;
  return texts.filter((text) => text.recipient === `+91${mobile}`).map((text) => text.body_text);
}

describe('a member’s own details', () => {
  it.each([
    ['a 390 px phone', VIEWPORTS.phone],
    ['a 1366 px laptop', VIEWPORTS.desktop],
  ])('are changed on %s: name and birthday at once, a new mobile once its texted link is opened', async (_, viewport) => {
    const member = await signUp({ name: 'Asha Rao' });
    await completeProfile(member);
    const mobile = `91${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const { page, pageErrors } = await browser.open('/profile?section=profile', { session: member.session, viewport });
    await expectHeading(page, 'Profile');
    const details = page.getByRole('region', { name: 'Profile details' });
    await details.getByText('12/03/1994').waitFor();
    await details.getByRole('button', { name: 'Edit profile details' }).click();
    const form = page.getByRole('form', { name: 'Edit profile details' });
    await form.getByLabel('Last Name').fill('Rao-Menon');
    const birthday = form.getByLabel(/^Birthday/);
    expect(await birthday.getAttribute('placeholder')).toBe('dd/mm/yyyy');
    await birthday.fill('');
    await birthday.pressSequentially('02041994');
    expect(await birthday.inputValue()).toBe('02/04/1994');
    await form.getByLabel('Mobile').fill(mobile);
    expect(await widerThanWindow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'SAVE CHANGES' }).click();
    const linkSent = `We sent a confirmation link to +91 ${mobile} by text message. Your mobile number changes when you open it.`;
    await page
      .getByRole('status')
      .filter({ hasText: `Profile updated successfully! ${linkSent}` })
      .waitFor();
    await details.getByText('Asha Rao-Menon').waitFor();
    await details.getByText('02/04/1994').waitFor();
    // The mobile waits for its link; the card says so.
    await details.getByText('+91 98765 43210').waitFor();
    await details.getByText(linkSent).waitFor();

    const [text] = await textsTo(mobile);
    const link = text?.match(/https?:\/\/\S+\/user\/confirm-mobile\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeDefined();
    const { page: confirmation } = await browser.open(new URL(link!).pathname + new URL(link!).search, { viewport });
    await confirmation.getByRole('heading', { name: 'Mobile number confirmed' }).waitFor();
    await confirmation.getByText(`Your mobile number is now +91 ${mobile}.`).waitFor();
    await page.reload();
    await details.getByText(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`).waitFor();
    expect(await details.getByText(linkSent).count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await page.close();
    await confirmation.close();
  });

  it('asks the birthday as dd/mm/yyyy in a browser set to English (US), where a date box would read mm/dd/yyyy', async () => {
    const chromium = await launchChromium({ locale: 'en-US' });
    try {
      const member = await signUp({ name: 'Asha Rao' });
      const page = await chromium.context.newPage();
      await page.addInitScript((values) => {
        for (const [key, value] of Object.entries(values)) sessionStorage.setItem(key, value);
      }, member.session);
      await page.goto(`${baseURL()}/personalDetails`);
      const birthday = page.getByLabel(/^Birthday/);
      await birthday.waitFor();
      expect(await page.evaluate(() => navigator.language)).toBe('en-US');
      expect(await birthday.evaluate((input) => (input as HTMLInputElement).type)).toBe('text');
      expect(await birthday.getAttribute('placeholder')).toBe('dd/mm/yyyy');
      await birthday.pressSequentially('31021994');
      await birthday.blur();
      await page.getByText('Enter a real date as dd/mm/yyyy').waitFor();
      await birthday.fill('28/02/1994');
      expect(await page.getByText('Enter a real date as dd/mm/yyyy').count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await chromium.close();
    }
  });
});
