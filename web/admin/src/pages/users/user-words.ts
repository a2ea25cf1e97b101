/** A row of `GET /admin/users` (spec section 3, "Admin user record"). */
export interface AdminUser {
  id: string;
  userId: string;
  firstname: string | null;
  lastname: string | null;
  email: string;
  gst: string | null;
  mobile: string | null;
  dob: string | null;
  age: number | null;
  gender: string | null;
  profession: string | null;
  address: string | null;
  professionAddress: string | null;
  pincode: string | null;
  subscriptionType: string | null;
  needList: string;
  greedList: string;
  createdAt: string;
  profile_image: string | null;
}

export interface Chip {
  value: string;
  count: number;
}

export const BILLING_ADDRESS_PREVIEW = 20;

/** Cuts text at `length` characters with an ellipsis (the billing address column shows 20). */
export function cut(text: string | null | undefined, length: number): string {
  if (!text) return '';
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

/** Whole years from a yyyy-mm-dd birth date to today's date. */
export function ageFrom(dob: string | null | undefined, today = new Date()): number | null {
  if (!dob) return null;
  const [year, month, day] = dob.slice(0, 10).split('-').map(Number) as [number, number, number];
  if (!year || !month || !day) return null;
  let age = today.getFullYear() - year;
  if (today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day)) age -= 1;
  return age;
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
