/**
 * The back office's pages, in the sidebar's order (spec section 2, plus exchanges, the giveaway, the audit trail,
 * contact messages and GST returns): the one list from which the gateway's and the shell's admin routes
 * (web-routes.ts), the sidebar and the admin remote's page map (web/admin) are all derived. Three hand-kept lists
 * drifted before, and a path missing from one sent an operator back to the login page without a word.
 * It lives here, free of React and zod, so the gateway and the shell can read it without pulling in page code.
 */
export interface AdminPage {
  path: `/admin/${string}`;
  /** The sidebar's link. */
  label: string;
  /** The page's level-one heading. */
  heading: string;
}

export const ADMIN_PAGES = [
  { path: '/admin/users', label: 'Users', heading: 'User Management' },
  { path: '/admin/products', label: 'Product Catalog', heading: 'Product Catalog' },
  { path: '/admin/payments', label: 'Payments', heading: 'Payments' },
  { path: '/admin/orders', label: 'Orders', heading: 'Orders' },
  { path: '/admin/exchanges', label: 'Exchanges', heading: 'Exchanges' },
  { path: '/admin/cron', label: 'Cron', heading: 'Cron' },
  { path: '/admin/timeouts', label: 'Timeouts', heading: 'Timeouts' },
  { path: '/admin/giveaway', label: 'Giveaway', heading: 'Giveaway' },
  { path: '/admin/audit', label: 'Audit', heading: 'Audit trail' },
  { path: '/admin/messages', label: 'Messages', heading: 'Messages' },
  { path: '/admin/gst', label: 'GST', heading: 'GST Returns' },
] as const satisfies readonly AdminPage[];

/** A back-office page's path: the admin remote keys its page components by it, so a page left out fails to compile. */
export type AdminPagePath = (typeof ADMIN_PAGES)[number]['path'];
