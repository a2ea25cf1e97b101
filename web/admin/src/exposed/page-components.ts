import type { AdminPagePath } from '@elts/contracts';
import type { ComponentType } from 'react';
import { AuditPage } from '../pages/audit/AuditPage.js';
import { CronPage } from '../pages/cron/CronPage.js';
import { ExchangesPage } from '../pages/exchanges/ExchangesPage.js';
import { GiveawayPage } from '../pages/giveaway/GiveawayPage.js';
import { GstReturnsPage } from '../pages/gst/GstReturnsPage.js';
import { MessagesPage } from '../pages/messages/MessagesPage.js';
import { OrdersPage } from '../pages/orders/OrdersPage.js';
import { PaymentsPage } from '../pages/payments/PaymentsPage.js';
import { ProductsPage } from '../pages/products/ProductsPage.js';
import { TimeoutsPage } from '../pages/timeouts/TimeoutsPage.js';
import { UsersPage } from '../pages/users/UsersPage.js';

/**
 * The component drawing each back-office page of the registry (ADMIN_PAGES in @elts/contracts). Keyed by its path
 * type, so a page declared there and left out here, or one here the registry does not declare, fails to compile
 * instead of sending an operator back to the login page.
 */
export const PAGE_COMPONENTS: Record<AdminPagePath, ComponentType> = {
  '/admin/users': UsersPage,
  '/admin/products': ProductsPage,
  '/admin/payments': PaymentsPage,
  '/admin/orders': OrdersPage,
  '/admin/exchanges': ExchangesPage,
  '/admin/cron': CronPage,
  '/admin/timeouts': TimeoutsPage,
  '/admin/giveaway': GiveawayPage,
  '/admin/audit': AuditPage,
  '/admin/messages': MessagesPage,
  '/admin/gst': GstReturnsPage,
};
