import { Navigate, useLocation } from '@elts/router';
import { RemoteRoot, readAdminToken } from '@elts/ui';
import type { ComponentType } from 'react';
import { AdminLayout } from '../layout/AdminLayout.js';
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
import { AdminLogin } from '../screens/AdminLogin.js';
import { ADMIN_SECTIONS } from '../screens/admin-sections.js';
import '../styles/admin.css';

const PAGES: Record<string, ComponentType> = {
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

/** The admin remote's exposed module: the shell routes every /admin path here. Pages need the admin token. */
export default function AdminApp() {
  const location = useLocation();
  const { pathname } = location;
  const section = ADMIN_SECTIONS.find((candidate) => candidate.path === pathname);
  const Page = section && PAGES[section.path];
  let screen = <AdminLogin />;
  if (pathname !== '/admin/login') {
    screen =
      readAdminToken() && Page ? (
        <AdminLayout>
          <Page />
        </AdminLayout>
      ) : (
        <Navigate to="/admin/login" replace />
      );
  }
  return (
    <RemoteRoot name="admin" location={location}>
      {screen}
    </RemoteRoot>
  );
}
