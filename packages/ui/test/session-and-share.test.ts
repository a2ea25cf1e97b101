import { describe, expect, it } from 'vitest';
import { forgetMemberSession, readAdminToken, readMemberSession, signInReturnsTo } from '../src/session/session-storage.js';
import { whatsAppShareLink } from '../src/share/whatsapp.js';

const storage = (values: Record<string, string>) => ({ getItem: (key: string) => values[key] ?? null });

describe('session storage', () => {
  it('reads the member keys of the spec', () => {
    expect(readMemberSession(storage({ token: 't-1', email: 'asha@example.in', name: 'Asha' }))).toEqual({
      token: 't-1',
      email: 'asha@example.in',
      name: 'Asha',
    });
  });

  it('treats empty values as absent', () => {
    expect(readMemberSession(storage({ token: '', email: 'asha@example.in' }))).toEqual({ email: 'asha@example.in' });
  });

  it("forgets at a member's logout every key the shop sets: token, email, name and the order being paid", () => {
    const values = new Map(
      Object.entries({
        token: 't',
        email: 'a@example.in',
        name: 'Asha',
        current_order_id: 'ORD-1',
        order_type: 'product',
        adminToken: 'x',
      }),
    );
    forgetMemberSession({ removeItem: (key: string) => void values.delete(key) });
    // The back office's session is the admin's own, ended by its own Logout.
    expect(Object.fromEntries(values)).toEqual({ adminToken: 'x' });
  });

  it('brings sign-in back to the order page it started on, and only there', () => {
    expect(signInReturnsTo('/order')).toBe(true);
    expect(signInReturnsTo('/')).toBe(false);
    expect(signInReturnsTo('/profile')).toBe(false);
  });

  it('keeps the admin token apart from the member token', () => {
    expect(readAdminToken(storage({ token: 'member' }))).toBeUndefined();
    expect(readAdminToken(storage({ adminToken: 'admin' }))).toBe('admin');
  });
});

describe('whatsAppShareLink', () => {
  it('puts the text and the link in one encoded message', () => {
    const link = whatsAppShareLink('Join me & save!', 'https://example.in/');
    expect(link).toBe('https://wa.me/?text=Join%20me%20%26%20save!%20https%3A%2F%2Fexample.in%2F');
    expect(decodeURIComponent(new URL(link).searchParams.get('text') ?? '')).toBe('Join me & save! https://example.in/');
  });
});
