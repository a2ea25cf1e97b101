import { ApiError } from '@elts/ui';
import { describe, expect, it } from 'vitest';
import { giveawayView } from '../src/community/giveaway-state.js';
import { listFromSlots, listSlots, needListLongEnough } from '../src/profile/list-slots.js';
import { needsGst } from '../src/profile/professions.js';
import { SAVE_MESSAGES, saveFailureMessage } from '../src/profile/use-save-profile.js';
import {
  menuSections,
  ordersVisible,
  PROFILE_SECTIONS,
  profileSectionFrom,
  sectionHref,
  shownSection,
} from '../src/screens/profile-sections.js';

describe('the account page menu', () => {
  it("lists the spec's sections in its order, Orders only for an active subscriber", () => {
    expect(menuSections(true).map((section) => PROFILE_SECTIONS[section])).toEqual([
      'Dealsboard',
      'Lists',
      'Merch',
      'Wall of ELTS',
      'Profile',
      'Subscription',
      'Orders',
      'Brands',
    ]);
    expect(menuSections(false)).not.toContain('orders');
  });

  it('opens every section by ?section=, and nothing unknown', () => {
    for (const section of menuSections(true))
      expect(profileSectionFrom(new URL(sectionHref(section), 'http://x').searchParams.get('section'))).toBe(section);
    expect(profileSectionFrom('toString')).toBe('dealsboard');
    expect(sectionHref('dealsboard')).toBe('/profile');
  });

  it('turns a link to Orders into the deals board once the member is known not to see Orders', () => {
    expect(shownSection('orders', false)).toBe('dealsboard');
    expect(shownSection('orders', true)).toBe('orders');
    expect(shownSection('orders', undefined)).toBe('orders');
    expect(shownSection('lists', false)).toBe('lists');
  });

  it('shows Orders to an active subscriber, and to any member who has ordered whatever their membership is now', () => {
    expect(ordersVisible(true, undefined)).toBe(true);
    // A revoked, expired or cancelled member keeps the orders they paid for.
    expect(ordersVisible(false, true)).toBe(true);
    expect(ordersVisible(false, false)).toBe(false);
    // Not yet known either way: neither shown in the menu nor taken away from a link.
    expect(ordersVisible(false, undefined)).toBeUndefined();
    expect(ordersVisible(undefined, undefined)).toBeUndefined();
  });
});

describe('list slots', () => {
  it('lays a comma-separated list on five slots and sends back only the filled ones', () => {
    expect(listSlots('Headphones, Running shoes,,Kettle')).toEqual(['Headphones', 'Running shoes', 'Kettle', '', '']);
    expect(listSlots(null)).toEqual(['', '', '', '', '']);
    expect(listSlots('a,b,c,d,e,f')).toHaveLength(5);
    expect(listFromSlots(['  Kettle ', '', 'Fan', '', ''])).toEqual(['Kettle', 'Fan']);
  });

  it("counts only non-empty entries, wherever they sit, and needs three in onboarding's Need list", () => {
    expect(needListLongEnough(['Phone', '', 'Shoes', '', 'Cooker'])).toBe(true);
    expect(needListLongEnough(['Phone', 'Shoes', ' ', '', ''])).toBe(false);
  });
});

describe('the GST Number field', () => {
  it('is asked of institutions, startups and businesses only', () => {
    expect(['student', 'professional', 'startup', 'business', 'institution'].filter(needsGst)).toEqual([
      'startup',
      'business',
      'institution',
    ]);
  });
});

describe('what a failed save says', () => {
  it("gives the server's reason for a refused body, the spec's words otherwise", () => {
    expect(saveFailureMessage(new ApiError('GST number must be a valid 15-character GSTIN', 400))).toBe(
      'GST number must be a valid 15-character GSTIN',
    );
    expect(saveFailureMessage(new ApiError('Internal error', 500))).toBe('Failed to update profile. Please try again.');
    expect(saveFailureMessage(new TypeError('Failed to fetch'))).toBe('Error updating profile. Please check your connection.');
    expect(SAVE_MESSAGES.saved).toBe('Profile updated successfully!');
  });
});

describe('the giveaway block', () => {
  it('shows the result of an entry, else ENTER NOW to an active subscriber and SUBSCRIBE NOW to anyone else', () => {
    const open = { open: true, members_needed: 0, eligible: true };
    expect(giveawayView({ data: [{ passed: true }], giveaway: open })).toEqual({
      kind: 'entered',
      message: "Congratulations! You're entered in the giveaway!",
    });
    expect(giveawayView({ data: [{ passed: false }], giveaway: open })).toEqual({
      kind: 'missed',
      message: 'Sorry, you answered incorrectly. Please try next time.',
    });
    expect(giveawayView({ data: [], giveaway: open })).toEqual({ kind: 'enter', open: true, membersNeeded: 0 });
    expect(giveawayView({ data: [], giveaway: { open: false, members_needed: 9_990, eligible: true } })).toEqual({
      kind: 'enter',
      open: false,
      membersNeeded: 9_990,
    });
    expect(giveawayView({ data: [], giveaway: { ...open, eligible: false } })).toEqual({ kind: 'subscribe' });
  });

  it('after the draw tells a winner what they won, and closes entering to everyone who has not entered', () => {
    const drawn = { open: true, members_needed: 0, eligible: true, drawn: true, won: null };
    expect(giveawayView({ data: [{ passed: true }], giveaway: { ...drawn, won: { slot: 3, prize: 'Travel Kettle' } } })).toEqual({
      kind: 'won',
      message: 'You won Travel Kettle! We have sent you an email about your prize.',
    });
    expect(giveawayView({ data: [{ passed: true }], giveaway: drawn })).toEqual({
      kind: 'entered',
      message: "Congratulations! You're entered in the giveaway!",
    });
    expect(giveawayView({ data: [], giveaway: drawn })).toEqual({
      kind: 'closed',
      message: 'The giveaway has closed: the winners have been drawn.',
    });
    expect(giveawayView({ data: [], giveaway: { ...drawn, eligible: false } })).toMatchObject({ kind: 'closed' });
  });
});
