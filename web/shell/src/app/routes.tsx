import { ADMIN_ROUTES, MEMBER_ROUTES, type PUBLIC_ROUTES } from '@elts/contracts';
import type { ComponentType } from 'react';
import { LandingPage } from '../pages/landing/LandingPage.js';
import { lazyPage } from './lazy-page.js';

type PublicRoute = (typeof PUBLIC_ROUTES)[number];

/** Every public route of the spec's table and its page; the type makes a missing page a compile error. */
export const PUBLIC_PAGES: Record<PublicRoute, ComponentType> = {
  '/': LandingPage,
  '/about': lazyPage(
    () => import('../pages/about/AboutPage.js'),
    (m) => m.AboutPage,
  ),
  '/privacy': lazyPage(
    () => import('../pages/policies/PoliciesPage.js'),
    (m) => m.PoliciesPage,
  ),
  '/elts': lazyPage(
    () => import('../pages/elts/EltsPage.js'),
    (m) => m.EltsPage,
  ),
  '/welcome': lazyPage(
    () => import('../pages/welcome/WelcomePage.js'),
    (m) => m.WelcomePage,
  ),
  '/banner': lazyPage(
    () => import('../pages/banner/BannerPage.js'),
    (m) => m.BannerPage,
  ),
};

/** Member routes load the shop remote, the back office the admin remote (each decides the screen by the path). */
export const REMOTE_ROUTES = [
  ...MEMBER_ROUTES.map((path) => ({ path, remote: 'shop' as const, module: './MemberScreens' })),
  ...ADMIN_ROUTES.map((path) => ({ path, remote: 'admin' as const, module: './AdminApp' })),
];

export const RemoteScreen = lazyPage(
  () => import('../remotes/RemoteScreen.js'),
  (m) => m.RemoteScreen,
);
export const NotFoundPage = lazyPage(
  () => import('../pages/not-found/NotFoundPage.js'),
  (m) => m.NotFoundPage,
);
