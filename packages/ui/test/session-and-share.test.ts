import { describe, expect, it } from 'vitest';
import { readAdminToken, readMemberSession } from '../src/session/session-storage.js';
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
