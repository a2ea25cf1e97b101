import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { expectHeading, useBrowser } from '../src/browser.js';
import { memberCall, onboardThrough, sessionOf, signInThroughPopup } from '../src/dev-sign-in.js';
import { signUp, uniqueEmail } from '../src/members.js';

// Onboarding steps 01-04 as the spec words them (sections 2, 5 and 8), from sign-in to the account page.
const browser = useBrowser();

/** A toast or alert with exactly this text, shown once (and only once) at this moment. */
async function expectMessageOnce(page: Page, text: string): Promise<void> {
  const message = page.getByRole('alert').filter({ hasText: text });
  await message.first().waitFor();
  expect(await message.count()).toBe(1);
  // Dismissed, so the next check of the same screen starts clean.
  await message.getByRole('button', { name: 'Dismiss notification' }).click();
}

async function expectStep(page: Page, heading: string, label: string, progress: number): Promise<void> {
  await expectHeading(page, heading);
  expect(await page.getByText(label, { exact: true }).count()).toBe(1);
  expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe(String(progress));
}

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const next = (page: Page) => page.getByRole('button', { name: 'Next' });
const landsOn = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

/** The welcome email the screen asks for after the shipping step or its skip, and the server's answer. */
function welcomeEmailCall(page: Page) {
  return page
    .waitForResponse((response) => new URL(response.url()).pathname === '/user/send-welcome-email')
    .then(async (response) => ({
      sent: response.request().postDataJSON(),
      status: response.status(),
    }));
}

describe('onboarding', () => {
  it('takes a newcomer through the four steps, each validation message once, to /profile', async () => {
    const { page, pageErrors } = await browser.open('/');
    const person = { email: uniqueEmail('onboarding'), name: 'Asha Devi' };
    await signInThroughPopup(page, () => page.getByRole('button', { name: 'Join our community' }).first().click(), person);
    await landsOn(page, '/personalDetails');

    // Step 01: filled in from the sign-in; every field is needed.
    await expectStep(page, "Let's get started", 'Step 01 / 04', 25);
    expect(await page.getByText('Next: More details about you').count()).toBe(1);
    expect(await page.getByRole('link', { name: /About us/ }).getAttribute('title')).toBe('Click here to learn more about us..');
    expect(await field(page, 'First Name').inputValue()).toBe('Asha');
    expect(await field(page, 'Last Name').inputValue()).toBe('Devi');
    expect(await field(page, 'Email').inputValue()).toBe(person.email);
    await next(page).click();
    await expectMessageOnce(page, 'All fields are required. Please fill out all fields.');
    expect(new URL(page.url()).pathname).toBe('/personalDetails');
    await page.getByRole('combobox', { name: 'Gender' }).selectOption('female');
    await page.getByLabel(/^Birthday/).fill('12/03/1994');
    await field(page, 'Phone').fill('9876543210');
    expect(await seriousViolations(page)).toEqual([]);
    await next(page).click();

    // Step 02: student by default; Save or Splurge must be chosen. A business would also give its GST number.
    await landsOn(page, '/spendType');
    await expectStep(page, 'Few more details!', 'Step 02 / 04', 50);
    const iAm = page.getByRole('combobox', { name: 'I am' });
    expect(await iAm.inputValue()).toBe('student');
    await iAm.selectOption('business');
    await field(page, 'GST Number').waitFor();
    await iAm.selectOption('professional');
    expect(await field(page, 'GST Number').count()).toBe(0);
    await next(page).click();
    await expectMessageOnce(page, 'Please select a subscription type before submitting.');
    await page.getByText('I spend money lavishly and upgrade my products frequently').waitFor();
    await page.getByText('I want to save money on every product purchase').click();
    expect(await seriousViolations(page)).toEqual([]);
    await next(page).click();

    // Step 03: three Need list items at least; empty slots do not count.
    await landsOn(page, '/myLists');
    await expectStep(page, 'My Lists', 'Step 03 / 04', 75);
    await field(page, 'Need List item 1').fill('Headphones');
    await field(page, 'Need List item 2').fill('Running shoes');
    await next(page).click();
    await expectMessageOnce(page, 'Need list must have at least 3 items to proceed.');
    await field(page, 'Need List item 5').fill('Pressure cooker');
    await field(page, 'Greed List item 1').fill('Smartwatch');
    await next(page).click();

    // Step 04: the courier check runs at exactly six digits; a different shipping address needs its own box.
    await landsOn(page, '/shippingInfo');
    await expectStep(page, 'Shipping details', 'Step 04 / 04', 100);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectMessageOnce(page, 'Pin code, billing address, and shipping address (if applicable) are required.');
    await page.getByRole('button', { name: 'Skip' }).click();
    await expectMessageOnce(page, 'Pin code is required.');
    const pincode = field(page, 'Pin code');
    await pincode.fill('110001');
    await page.getByText('Not serviceable currently', { exact: true }).waitFor();
    await pincode.fill('40300');
    await page.getByText('Not serviceable currently', { exact: true }).waitFor({ state: 'detached' });
    await pincode.fill('403001');
    await page.getByText(/^Delivers to /).waitFor();
    expect(await field(page, 'Shipping address').count()).toBe(0);
    await page.getByText('No', { exact: true }).click();
    await field(page, 'Billing address').fill('12 MG Road, Panaji');
    await field(page, 'Shipping address').fill('4 Miramar Beach Road, Panaji');
    expect(await seriousViolations(page)).toEqual([]);
    const welcome = welcomeEmailCall(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    expect(await welcome).toEqual({ sent: { email: person.email, name: 'Asha' }, status: 200 });

    // The account page greets the member who came from the shipping step.
    await landsOn(page, '/profile');
    expect(await page.evaluate(() => (window.history.state as { usr?: unknown }).usr)).toEqual({ fromShipping: true });
    await page.getByText('Welcome aboard! Limited subscriptions are open.').waitFor();

    const { token } = await sessionOf(page);
    const profile = (await memberCall('/user/get-profile', token ?? '')).body.data[0];
    expect(profile).toMatchObject({
      gender: 'female',
      dob: '1994-03-12',
      firstname: 'Asha',
      lastname: 'Devi',
      mobile: '9876543210',
      profession: 'professional',
      subscriptionType: 'Save',
      needList: 'Headphones,Running shoes,Pressure cooker',
      greedList: 'Smartwatch',
      pincode: 403001,
      address: '4 Miramar Beach Road, Panaji',
      professionAddress: '12 MG Road, Panaji',
      onboarding: { complete: true },
    });
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('lets a member skip the shipping details with a pincode, and says so', async () => {
    const member = await signUp({ name: 'Kiran Shetty' });
    await onboardThrough(member, 3);

    const { page } = await browser.open('/shippingInfo', { session: member.session });
    await expectStep(page, 'Shipping details', 'Step 04 / 04', 100);
    // The same address is the default answer, so only the billing box shows.
    expect(await page.getByRole('radio', { name: 'Yes' }).isChecked()).toBe(true);
    await field(page, 'Pin code').fill('560001');
    const welcome = welcomeEmailCall(page);
    await page.getByRole('button', { name: 'Skip' }).click();
    expect(await welcome).toMatchObject({ sent: { email: member.email }, status: 200 });
    await landsOn(page, '/profile');
    await page.getByRole('alert').filter({ hasText: 'You have skipped the shipping information.' }).waitFor();
    await page.getByText('Welcome aboard! Limited subscriptions are open.').waitFor();

    const profile = (await memberCall('/user/get-profile', member.token)).body.data[0];
    expect(profile).toMatchObject({ pincode: 560001, address: null, professionAddress: null, onboarding: { complete: true } });
    await page.close();
  });

  it('shows the server refusing a phone number that is not an Indian mobile, and stays on step 01', async () => {
    const member = await signUp({ name: 'Ravi Kumar' });
    const { page } = await browser.open('/personalDetails', { session: member.session });
    await expectStep(page, "Let's get started", 'Step 01 / 04', 25);
    await page.getByRole('combobox', { name: 'Gender' }).selectOption('male');
    await page.getByLabel(/^Birthday/).fill('01/05/1990');
    await field(page, 'Phone').fill('12345');
    await next(page).click();
    await expectMessageOnce(page, 'Mobile must be a 10-digit Indian mobile number starting with 6, 7, 8 or 9');
    expect(new URL(page.url()).pathname).toBe('/personalDetails');
    await page.close();
  });

  it('sends a visitor without a session home', async () => {
    const { page } = await browser.open('/myLists');
    await landsOn(page, '/');
    await page.close();
  });
});
