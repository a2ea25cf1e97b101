import type { Page } from 'playwright-core';
import { baseURL } from './browser.js';

export interface Person {
  email: string;
  name: string;
}

/**
 * Signs in through the development identity provider's popup, as a person would: `start` clicks whatever opens it
 * (a login button, 'Use Different Email'); the popup's form is filled and sent, and it closes itself.
 */
export async function signInThroughPopup(page: Page, start: () => Promise<unknown>, person: Person): Promise<void> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), start()]);
  // The page's script (deferred) must be listening before the form is sent, or the browser would send it itself.
  await popup.waitForLoadState('domcontentloaded');
  await popup.getByLabel('Email').fill(person.email);
  await popup.getByLabel('Full name').fill(person.name);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await closed;
}

/** The tab's session storage, as the spec's keys hold it. */
export function sessionOf(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate(() => ({
    token: sessionStorage.getItem('token'),
    email: sessionStorage.getItem('email'),
    name: sessionStorage.getItem('name'),
  }));
}

/** A member API call with a session token, answering the status and the envelope. */
export async function memberCall(path: string, token: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(baseURL() + path, {
    method: 'POST',
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

/** The bodies onboarding steps 01 to 03 send, for a journey that starts part-way through onboarding. */
const FIRST_STEPS = [
  { gender: 'male', dob: '1990-05-01', firstname: 'Ravi', lastname: 'Kumar', mobile: '9123456780' },
  { profession: 'student', subscriptionType: 'Save' },
  { needList: ['Laptop', 'Desk', 'Chair'], greedList: [] },
] as const;

/** Saves steps 01 up to `lastStep` through the API, as the screens would. */
export async function onboardThrough(member: { token: string; email: string }, lastStep: 1 | 2 | 3): Promise<void> {
  for (const [index, body] of FIRST_STEPS.slice(0, lastStep).entries()) {
    const saved = await memberCall('/user/update-profile', member.token, index === 0 ? { ...body, email: member.email } : body);
    if (saved.status !== 200) throw new Error(`step 0${index + 1} was not saved: ${JSON.stringify(saved.body)}`);
  }
}
