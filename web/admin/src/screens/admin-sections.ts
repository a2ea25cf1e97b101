/** The back office's pages, in the sidebar's order (spec section 2, plus the audit trail and contact messages). */
export interface AdminSection {
  path: string;
  label: string;
  heading: string;
  /** What the page will do, in plain words, until the admin issue builds it. */
  comingNext: string;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    path: '/admin/users',
    label: 'Users',
    heading: 'User Management',
    comingNext: 'Find members by name, email, profession or subscription, see their pincodes and list items, and download the list as CSV.',
  },
  {
    path: '/admin/products',
    label: 'Product Catalog',
    heading: 'Product Catalog',
    comingNext: 'Add and edit products, and switch each one on or off for the deals board.',
  },
  {
    path: '/admin/payments',
    label: 'Payments',
    heading: 'Payments',
    comingNext: 'Every payment with its status, method and timeout information, filtered by status, type and date.',
  },
  {
    path: '/admin/orders',
    label: 'Orders',
    heading: 'Orders',
    comingNext: 'Product orders and subscriptions, with revenue and status counts.',
  },
  {
    path: '/admin/cron',
    label: 'Cron',
    heading: 'Cron',
    comingNext: 'The scheduled jobs: their status and success rate, with buttons to run a check or restart the service.',
  },
  {
    path: '/admin/timeouts',
    label: 'Timeouts',
    heading: 'Timeouts',
    comingNext: 'Payments at risk of timing out and those that did, with recommendations.',
  },
  {
    path: '/admin/audit',
    label: 'Audit',
    heading: 'Audit trail',
    comingNext: 'Who changed what in the back office, and when.',
  },
  {
    path: '/admin/messages',
    label: 'Messages',
    heading: 'Messages',
    comingNext: 'Messages sent through the contact form: brand partnerships, campus ambassadors and queries.',
  },
];
