/** The browser session keys of the spec (section 3): the member's token, email and name, and the admin's token. */
export const SESSION_KEYS = {
  token: 'token',
  email: 'email',
  name: 'name',
  adminToken: 'adminToken',
  currentOrderId: 'current_order_id',
  orderType: 'order_type',
} as const;

export interface MemberSession {
  token?: string;
  email?: string;
  name?: string;
}

function read(storage: Pick<Storage, 'getItem'>, key: string): string | undefined {
  const value = storage.getItem(key);
  return value ? value : undefined;
}

export function readMemberSession(storage: Pick<Storage, 'getItem'> = sessionStorage): MemberSession {
  return { token: read(storage, SESSION_KEYS.token), email: read(storage, SESSION_KEYS.email), name: read(storage, SESSION_KEYS.name) };
}

export function readAdminToken(storage: Pick<Storage, 'getItem'> = sessionStorage): string | undefined {
  return read(storage, SESSION_KEYS.adminToken);
}
