import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHeading, useBrowser } from '../src/browser.js';
import { memberCall, onboardThrough, sessionOf, signInThroughPopup } from '../src/dev-sign-in.js';
import { completeProfile, signUp, uniqueEmail } from '../src/members.js';

// The spec's login (section 4) through the development identity provider's popup, from the landing page's buttons.
const browser = useBrowser();

const joinButton = (page: Page) => page.getByRole('button', { name: 'Join our community' }).first();
const loginButton = (page: Page) => page.getByRole('button', { name: 'Already a member? login' });
const landsOn = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);
const reuseModal = (page: Page) => page.getByRole('dialog', { name: 'Use existing email?' });

describe('signing in through the development provider', () => {
  it('makes a newcomer a member, stores the session and starts onboarding at step 01', async () => {
    const { page, pageErrors } = await browser.open('/');
    const person = { email: uniqueEmail('newcomer'), name: 'Meera Iyer' };
    await signInThroughPopup(page, () => joinButton(page).click(), person);
    await landsOn(page, '/personalDetails');
    await expectHeading(page, "Let's get started");

    const session = await sessionOf(page);
    expect(session).toMatchObject({ email: person.email, name: 'Meera Iyer' });
    const profile = await memberCall('/user/get-profile', session.token ?? '');
    expect(profile.body.data[0]).toMatchObject({ email: person.email, firstname: 'Meera', lastname: 'Iyer' });
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('sends a returning member whose onboarding is complete straight to /profile', async () => {
    const member = await signUp({ name: 'Kiran Shetty' });
    await completeProfile(member);
    const { page } = await browser.open('/');
    await signInThroughPopup(page, () => loginButton(page).click(), member);
    await landsOn(page, '/profile');
    expect((await sessionOf(page)).email).toBe(member.email);
    await page.close();
  });

  it('sends a member who stopped half-way to the first step not yet done', async () => {
    const member = await signUp({ name: 'Ravi Kumar' });
    await onboardThrough(member, 2);
    const { page } = await browser.open('/');
    await signInThroughPopup(page, () => loginButton(page).click(), member);
    await landsOn(page, '/myLists');
    await expectHeading(page, 'My Lists');
    await page.close();
  });

  it('falls back to a full-page visit to the provider when the browser blocks the popup', async () => {
    const { page } = await browser.open('/about', {
      prepare: (tab) =>
        tab.addInitScript(() => {
          window.open = () => null;
        }),
    });
    await loginButton(page).click();
    await page.waitForURL((url) => url.pathname === '/dev/idp' && url.searchParams.get('return_to') === '/about');
    await page.getByLabel('Email').fill(uniqueEmail('blocked'));
    await page.getByLabel('Full name').fill('Nisha Patel');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Back on the page it left, the token in the fragment signs the member in and is taken out of the address.
    await landsOn(page, '/personalDetails');
    expect(page.url()).not.toContain('id_token');
    expect((await sessionOf(page)).name).toBe('Nisha Patel');
    await page.close();
  });

  it("says 'Login failed. Please try again.' when the sign-in window is closed without signing in", async () => {
    const { page } = await browser.open('/');
    const [popup] = await Promise.all([page.waitForEvent('popup'), joinButton(page).click()]);
    await popup.close();
    await page.getByRole('alert').filter({ hasText: 'Login failed. Please try again.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect((await sessionOf(page)).token).toBeNull();
    await page.close();
  });
});

describe("the 'Use existing email?' modal", () => {
  it("'Use Same Email' goes on with the stored session, without the provider", async () => {
    const member = await signUp({ name: 'Asha Rao' });
    await completeProfile(member);
    const { page } = await browser.open('/', { session: member.session });
    let popups = 0;
    page.on('popup', () => popups++);

    await loginButton(page).click();
    const modal = reuseModal(page);
    await modal.getByText(`Do you want to use the email ${member.email} to log in?`).waitFor();
    // The close icon only dismisses it.
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/');

    await loginButton(page).click();
    await reuseModal(page).getByRole('button', { name: 'Use Same Email' }).click();
    await landsOn(page, '/profile');
    expect(popups).toBe(0);
    await page.close();
  });

  it("'Use Same Email' with a session that no longer works starts sign-in afresh", async () => {
    const member = await signUp({ name: 'Asha Rao' });
    await memberCall('/user/logout', member.token);
    const { page } = await browser.open('/', { session: member.session });
    await loginButton(page).click();
    await signInThroughPopup(page, () => reuseModal(page).getByRole('button', { name: 'Use Same Email' }).click(), member);
    await landsOn(page, '/personalDetails');
    const session = await sessionOf(page);
    expect(session.token).not.toBe(member.token);
    expect((await memberCall('/user/get-profile', session.token ?? '')).status).toBe(200);
    await page.close();
  });

  it("'Use Different Email' signs in as someone else and replaces the stored session", async () => {
    const member = await signUp({ name: 'Asha Rao' });
    await completeProfile(member);
    const { page } = await browser.open('/', { session: member.session });
    await joinButton(page).click();
    const other = { email: uniqueEmail('other'), name: 'Farhan Ali' };
    await signInThroughPopup(page, () => reuseModal(page).getByRole('button', { name: 'Use Different Email' }).click(), other);
    await landsOn(page, '/personalDetails');
    expect(await sessionOf(page)).toMatchObject({ email: other.email, name: 'Farhan Ali' });
    await expectHeading(page, "Let's get started");
    expect(await page.getByRole('textbox', { name: 'Email', exact: true }).inputValue()).toBe(other.email);
    await page.close();
  });
});

describe('logout', () => {
  it('revokes the session at once, forgets it in the tab and goes home', async () => {
    const member = await signUp({ name: 'Asha Rao' });
    await completeProfile(member);
    const { page } = await browser.open('/profile', { session: member.session });
    await page.getByRole('button', { name: 'Logout' }).click();
    await landsOn(page, '/');
    expect(await sessionOf(page)).toEqual({ token: null, email: null, name: null });
    const afterwards = await memberCall('/user/get-profile', member.token);
    expect(afterwards).toMatchObject({ status: 401, body: { message: 'Session expired. Please login again.' } });
    // With nothing stored, login goes to the provider again rather than offering the old email.
    const [popup] = await Promise.all([page.waitForEvent('popup'), loginButton(page).click()]);
    expect(new URL(popup.url()).pathname).toBe('/dev/idp');
    await popup.close();
    await page.close();
  });
});
