import { Navigate, useLocation } from '@elts/router';
import { RemoteRoot, readAdminToken } from '@elts/ui';
import { AdminLayout } from '../layout/AdminLayout.js';
import { AdminLogin } from '../screens/AdminLogin.js';
import { ADMIN_SECTIONS } from '../screens/admin-sections.js';
import { SectionScreen } from '../screens/SectionScreen.js';
import '../styles/admin.css';

/** The admin remote's exposed module: the shell routes every /admin path here. Pages need the admin token. */
export default function AdminApp() {
  const { pathname } = useLocation();
  const section = ADMIN_SECTIONS.find((candidate) => candidate.path === pathname);
  let screen = <AdminLogin />;
  if (pathname !== '/admin/login') {
    screen =
      readAdminToken() && section ? (
        <AdminLayout>
          <SectionScreen section={section} />
        </AdminLayout>
      ) : (
        <Navigate to="/admin/login" replace />
      );
  }
  return <RemoteRoot name="admin">{screen}</RemoteRoot>;
}
