import { ADMIN_PAGES, type AdminPagePath } from './admin-pages.js';

/**
 * The pages of the spec's route table (plus the back office's other pages, all listed in admin-pages.ts). The shell
 * routes these; the gateway answers a browser navigation to any of them with the shell, and to anything else with the shell's
 * not-found page and status 404.
 */
export const PUBLIC_ROUTES = ['/', '/elts', '/banner', '/about', '/privacy', '/welcome'] as const;
export const MEMBER_ROUTES = ['/personalDetails', '/spendType', '/myLists', '/shippingInfo', '/profile', '/order'] as const;
/** The login page, then every back-office page of the one registry (admin-pages.ts). */
export const ADMIN_ROUTES: readonly ('/admin/login' | AdminPagePath)[] = ['/admin/login', ...ADMIN_PAGES.map((page) => page.path)];

export const WEB_ROUTES: readonly string[] = [...PUBLIC_ROUTES, ...MEMBER_ROUTES, ...ADMIN_ROUTES];

/** Where the shell finds its remotes at run time; the gateway serves this document at REMOTES_MANIFEST_PATH. */
export const REMOTES_MANIFEST_PATH = '/remotes.json';
export interface RemotesManifest {
  shop: string;
  admin: string;
}

/** Which remote draws which routes, through the one module it exposes (the shell loads it, the gateway hints it). */
export const REMOTE_SCREENS = {
  shop: { routes: MEMBER_ROUTES, module: './MemberScreens' },
  admin: { routes: ADMIN_ROUTES, module: './AdminApp' },
} as const satisfies Record<keyof RemotesManifest, { routes: readonly string[]; module: string }>;

const REMOTE_OF_ROUTE: ReadonlyMap<string, keyof RemotesManifest> = new Map(
  (['shop', 'admin'] as const).flatMap((remote) => REMOTE_SCREENS[remote].routes.map((route) => [route, remote] as const)),
);
/** The remote that draws a route, or undefined for the shell's own pages. */
export const remoteDrawing = (route: string): keyof RemotesManifest | undefined => REMOTE_OF_ROUTE.get(route);

/**
 * Each web build lists, in this file beside its page or remote entry, the files its named lazy chunks need, so the
 * gateway can name them in a member's or an operator's page before any script asks for them (docs/decisions/0108).
 */
export const CHUNK_FILES_LIST = 'chunk-files.json';
/** The shell's lazy chunk that loads a remote screen (its import in web/shell/src/app/routes.tsx gives the name). */
export const REMOTE_LOADER_CHUNK = 'remote-screen';
/** The chunk name of a remote's exposed module: `./MemberScreens` is built as `MemberScreens`. */
export const exposedChunkName = (module: string): string => module.replace(/^\.\//, '');

/**
 * The public pages whose content is the same for every visitor: the shell's build renders them to HTML, and the
 * gateway answers a navigation to one with its page, which the browser paints before any script has run
 * (docs/decisions/0107).
 */
export const PRERENDERED_ROUTES = ['/', '/about', '/privacy'] as const satisfies readonly (typeof PUBLIC_ROUTES)[number][];

/** Where, inside the shell's build folder, the page of a prerendered route is written. */
export const prerenderedPageFile = (route: string): string => `prerendered/${route === '/' ? 'index' : route.slice(1)}.html`;
