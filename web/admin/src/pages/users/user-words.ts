import type { OperationTable, ResponseOf } from '@elts/contracts';

/** A row of `GET /admin/users` (spec section 3, "Admin user record"). */
export type AdminUser = ResponseOf<OperationTable['adminUsers']>['users'][number];

/** A chip of the Users page, with how many users carry it. */
export type Chip = ResponseOf<OperationTable['adminUsers']>['chips']['pincodes'][number];

export const BILLING_ADDRESS_PREVIEW = 20;

/** Cuts text at `length` characters with an ellipsis (the billing address column shows 20). */
export function cut(text: string | null | undefined, length: number): string {
  if (!text) return '';
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

/** The table's sortable columns, by the server's sort keys. */
export const SORT_KEYS = {
  name: 'firstname',
  email: 'email',
  profession: 'profession',
  subscriptionType: 'subscriptionType',
  pincode: 'pincode',
  age: 'age',
  createdAt: 'createdAt',
} as const;

/**
 * The server sorts age by date of birth, so ascending age is descending birth date.
 */
export function serverOrder(key: string, direction: 'ascending' | 'descending'): 'asc' | 'desc' {
  const ascending = direction === 'ascending';
  return (key === 'age' ? !ascending : ascending) ? 'asc' : 'desc';
}
