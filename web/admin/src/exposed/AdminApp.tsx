import { ADMIN_PAGES } from '@elts/contracts';
import { Navigate, useLocation } from '@elts/router';
import { RemoteRoot, readAdminToken } from '@elts/ui';
import { AdminLayout } from '../layout/AdminLayout.js';
import { AdminLogin } from '../screens/AdminLogin.js';
import { PAGE_COMPONENTS } from './page-components.js';
import '../styles/admin.css';

/** The admin remote's exposed module: the shell routes every /admin path here. Pages need the admin token. */
export default function AdminApp() {
  const location = useLocation();
  const { pathname } = location;
  const page = ADMIN_PAGES.find((candidate) => candidate.path === pathname);
  const Page = page && PAGE_COMPONENTS[page.path];
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
