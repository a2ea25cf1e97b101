/** The back office's pages, in the sidebar's order (spec section 2, plus exchanges, the giveaway, the audit trail, contact messages and GST returns). */
export interface AdminSection {
  path: string;
  label: string;
  heading: string;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    path: '/admin/users',
    label: 'Users',
    heading: 'User Management',
  },
  {
    path: '/admin/products',
    label: 'Product Catalog',
    heading: 'Product Catalog',
  },
  {
    path: '/admin/payments',
    label: 'Payments',
    heading: 'Payments',
  },
  {
    path: '/admin/orders',
    label: 'Orders',
    heading: 'Orders',
  },
  {
    path: '/admin/exchanges',
    label: 'Exchanges',
    heading: 'Exchanges',
  },
  {
    path: '/admin/cron',
    label: 'Cron',
    heading: 'Cron',
  },
  {
    path: '/admin/timeouts',
    label: 'Timeouts',
    heading: 'Timeouts',
  },
  {
    path: '/admin/giveaway',
    label: 'Giveaway',
    heading: 'Giveaway',
  },
  {
    path: '/admin/audit',
    label: 'Audit',
    heading: 'Audit trail',
  },
  {
    path: '/admin/messages',
    label: 'Messages',
    heading: 'Messages',
  },
  {
    path: '/admin/gst',
    label: 'GST',
    heading: 'GST Returns',
  },
];
