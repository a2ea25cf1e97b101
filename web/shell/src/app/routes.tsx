import { type PUBLIC_ROUTES, REMOTE_SCREENS } from '@elts/contracts';
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
export const REMOTE_ROUTES = (['shop', 'admin'] as const).flatMap((remote) =>
  REMOTE_SCREENS[remote].routes.map((path) => ({ path, remote, module: REMOTE_SCREENS[remote].module })),
);

// The chunk's name is REMOTE_LOADER_CHUNK: the gateway names its files in the page of every remote route (0108).
export const RemoteScreen = lazyPage(
  () => import(/* webpackChunkName: "remote-screen" */ '../remotes/RemoteScreen.js'),
  (m) => m.RemoteScreen,
);
export const NotFoundPage = lazyPage(
  () => import('../pages/not-found/NotFoundPage.js'),
  (m) => m.NotFoundPage,
);
