import { describe, expect, it } from 'vitest';
import { eltsViewFrom } from '../src/pages/elts/elts-view.js';
import { contactErrorsFrom } from '../src/pages/policies/contact/contact-errors.js';
import { policyTabFromHash } from '../src/pages/policies/policy-tabs.js';

describe('policyTabFromHash', () => {
  it('opens the tab the hash names', () => {
    for (const tab of ['privacy', 'terms', 'exchange', 'shipping', 'faqs', 'contact']) expect(policyTabFromHash(`#${tab}`)).toBe(tab);
  });

  it('forgives case and stray spaces, and falls back to the privacy policy', () => {
    expect(policyTabFromHash('#FAQs')).toBe('faqs');
    expect(policyTabFromHash('#%20terms')).toBe('terms');
    expect(policyTabFromHash('')).toBe('privacy');
    expect(policyTabFromHash('#refunds')).toBe('privacy');
  });
});

describe('eltsViewFrom', () => {
  it('shows the merch page only for merch=true', () => {
    expect(eltsViewFrom({ merch: true })).toBe('merch');
    expect(eltsViewFrom({ elts: true })).toBe('wall');
    expect(eltsViewFrom({ merch: 'true' })).toBe('wall');
    expect(eltsViewFrom(null)).toBe('wall');
  });
});

describe('contactErrorsFrom', () => {
  it('keeps the first message of each field, from the schema or from the server', () => {
    expect(
      contactErrorsFrom([
        { path: ['email'], message: 'Email is required' },
        { path: ['email'], message: 'Email must be a valid email address' },
        { path: 'phone', message: 'Phone must be a valid phone number' },
      ]),
    ).toEqual({ email: 'Email is required', phone: 'Phone must be a valid phone number' });
  });

  it('asks for a choice in words a person understands, and ignores unknown fields', () => {
    expect(contactErrorsFrom([{ path: ['option'], message: 'Option must be one of brand, campus, query' }])).toEqual({
      option: 'Please choose what you are writing about',
    });
    expect(contactErrorsFrom([{ path: ['extra'], message: 'Unrecognized key' }])).toEqual({});
  });
});
