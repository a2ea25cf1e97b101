import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../src/accessibility.js';
import { baseURL, expectHeading, useBrowser, VIEWPORTS } from '../src/browser.js';
import { widerThanWindow } from '../src/layout.js';
import { completeProfile, signUp } from '../src/members.js';

// The drop alert settings and the inbox on the Lists section of /profile (issue 37), on a phone and a desktop.
const browser = useBrowser();

async function alertPreferences(token: string) {
  const response = await fetch(`${baseURL()}/user/alert-preferences`, { headers: { authorization: token } });
  return (await response.json()).data;
}

describe('drop alerts on /profile', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`lets a member choose how they hear about drops, and shows their inbox (${name})`, async () => {
      const member = await signUp({ name: 'Asha Rao' });
      await completeProfile(member);
      const { page, pageErrors } = await browser.open('/profile?section=lists', { session: member.session, viewport });
      await expectHeading(page, 'Lists');
      const settings = page.getByRole('region', { name: 'Drop alerts' });
      const email = settings.getByRole('checkbox', { name: 'Email' });
      await email.waitFor();
      expect(await email.isChecked()).toBe(false);
      expect(await settings.getByRole('checkbox', { name: 'Inbox on this page' }).isChecked()).toBe(true);
      expect(await settings.getByLabel('From').inputValue()).toBe('22:00');
      const inbox = page.getByRole('region', { name: 'Inbox' });
      await inbox.getByText('No messages yet').waitFor();
      expect(await widerThanWindow(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);

      await email.check();
      await settings.getByRole('checkbox', { name: 'Wake me when a drop opens' }).check();
      await settings.getByLabel('Until').fill('07:30');
      await settings.getByRole('button', { name: 'Save alert settings' }).click();
      await page.getByRole('status').filter({ hasText: 'Alert settings saved' }).waitFor();
      expect(await alertPreferences(member.token)).toMatchObject({
        channels: { email: true, inbox: true },
        quietHours: { from: '22:00', until: '07:30' },
        wakeAtOpening: true,
      });
      await page.reload();
      await settings.getByRole('checkbox', { name: 'Email' }).waitFor();
      expect(await settings.getByRole('checkbox', { name: 'Email' }).isChecked()).toBe(true);
      expect(await settings.getByLabel('Until').inputValue()).toBe('07:30');
      expect(pageErrors).toEqual([]);
      await page.close();
    });
  }
});
