import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { brandNameFrom, exposedChunkName, REMOTE_LOADER_CHUNK } from '@elts/contracts';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Configuration, DefinePlugin, HtmlRspackPlugin } from '@rspack/core';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import tailwind from '@tailwindcss/postcss';
import { ChunkFilesPlugin } from './chunk-files.js';
import { DEV_PORTS } from './dev-ports.js';
import { devServer } from './dev-server.js';
import { PaintFirstPlugin } from './paint-first.js';
import { PreloadFontsPlugin } from './preload-fonts.js';
import { prerenderConfig } from './prerender.js';
import { SHARED_SINGLETONS, sharedVersions } from './shared.js';

const require = createRequire(import.meta.url);

/**
 * A remote has no entry of its own for the dev server to put its client in: the shell only loads remoteEntry.js.
 * In development each exposed module brings the client (a socket to the remote's own dev server), the hot update
 * runtime and React Refresh, so editing a remote updates it in place inside the shell's page.
 */
function withHotReload(name: keyof typeof DEV_PORTS, exposes: Record<string, string> = {}): Record<string, string[]> {
  const socket = new URLSearchParams({
    protocol: 'ws:',
    hostname: 'localhost',
    port: String(DEV_PORTS[name]),
    pathname: '/ws',
    hot: 'true',
    'live-reload': 'true',
  });
  const client = [
    `${require.resolve('@rspack/dev-server/client/index')}?${socket}`,
    require.resolve('@rspack/core/hot/dev-server'),
    // The remote's own React Refresh runtime, attached to the React the shell already started.
    require.resolve('@rspack/plugin-react-refresh/react-refresh-entry'),
  ];
  return Object.fromEntries(Object.entries(exposes).map(([key, module]) => [key, [...client, module]]));
}

/** Each exposed module is built as a chunk with a known name, which chunk-files.json lists for the gateway. */
function namedExposes(exposes: Record<string, string> = {}): Record<string, { import: string; name: string }> {
  return Object.fromEntries(Object.entries(exposes).map(([key, module]) => [key, { import: module, name: exposedChunkName(key) }]));
}

export interface WebAppOptions {
  /** The federation name: the shell hosts, shop and admin are remotes. */
  name: 'shell' | 'shop' | 'admin';
  /** The app's folder (where its package.json, src/ and dist/ live). */
  dir: string;
  /** A remote's exposed modules, e.g. `{ './MemberScreens': './src/exposed/member-screens.tsx' }`. */
  exposes?: Record<string, string>;
  /** The shell's entry for rendering its public pages to HTML at build time (production builds only). */
  prerender?: string;
}

/**
 * The one rspack configuration of the three web apps, so they agree on file names, module resolution, styling and
 * the shared singletons. Production output names carry a content hash (the gateway caches those for a year), except
 * `remoteEntry.js` and `index.html`, which must keep stable names.
 */
export function defineWebApp(options: WebAppOptions): () => Configuration | Configuration[] {
  return () => {
    const dev = process.env.NODE_ENV === 'development';
    const app = webAppConfig(options, dev);
    return options.prerender && !dev ? [app, prerenderConfig(app, options.dir, options.prerender)] : app;
  };
}

function webAppConfig(options: WebAppOptions, dev: boolean): Configuration {
  const host = options.name === 'shell';
  const hashed = dev ? '[name]' : '[name].[contenthash:8]';
  const brandName = brandNameFrom(process.env.BRAND_NAME);
  return {
    name: options.name,
    context: options.dir,
    mode: dev ? 'development' : 'production',
    // Evergreen browsers only: no down-levelling of async functions, classes or spread, which would double the code.
    target: ['web', 'es2022'],
    devtool: dev ? 'cheap-module-source-map' : 'source-map',
    // A remote has no page of its own: its remoteEntry.js is its entry. The shell's page runs paint-first, which
    // starts main (PaintFirstPlugin, docs/decisions/0107).
    entry: (host ? { main: './src/index.ts', 'paint-first': './src/paint-first.ts' } : {}) as Record<string, string>,
    output: {
      path: resolve(options.dir, 'dist'),
      // The shell lives at the site's root; a remote finds its own chunks relative to wherever its entry was loaded.
      publicPath: host ? '/' : 'auto',
      filename: `${hashed}.js`,
      chunkFilename: `${hashed}.js`,
      cssFilename: `${hashed}.css`,
      cssChunkFilename: `${hashed}.css`,
      assetModuleFilename: dev ? '[name][ext]' : '[name].[contenthash:8][ext]',
      uniqueName: `elts_${options.name}`,
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      // Workspace packages are compiled from their TypeScript source.
      conditionNames: ['source', 'browser', 'import', 'module', 'default'],
      // Workspace sources import their siblings as `./file.js` (NodeNext style) while the file is `.ts`.
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: {
      rules: [
        // The shared contracts are a barrel of pure declarations: marking them free of side effects lets a screen
        // that needs one constant leave the rest (zod schemas, event definitions) out of its chunk.
        { test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
        // With "type": "module", webpack-style resolution would demand extensions on every relative import.
        { test: /\.m?js$/, resolve: { fullySpecified: false } },
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              target: 'es2022',
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: dev, refresh: dev } },
            },
          },
          type: 'javascript/auto',
        },
        // Our own style sheets go through Tailwind; a package's (the font) is taken as it is.
        {
          test: /\.css$/,
          exclude: /node_modules/,
          type: 'css/auto',
          use: [{ loader: require.resolve('postcss-loader'), options: { postcssOptions: { plugins: [tailwind({ base: options.dir })] } } }],
        },
        { test: /\.css$/, include: /node_modules/, type: 'css/auto' },
        { test: /\.(svg|png|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new DefinePlugin({ __BRAND_NAME__: JSON.stringify(brandName) }),
      // The shell is a host built without the federation plugin: it bundles React, the router and the query
      // client as ordinary code and provides them to the remotes from a federation instance it creates when the
      // first remote is needed (web/shell/src/remotes/federation.ts). The federation runtime (26 KB gzipped) then
      // loads with the first member or admin page instead of before the landing page's first paint (issue 8).
      // The defines are the ones the plugin would set for the same runtime options as the remotes'.
      ...(host
        ? [
            new DefinePlugin({
              __SHARED_SINGLETONS__: JSON.stringify(sharedVersions(options.dir)),
              FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: true,
              FEDERATION_OPTIMIZE_NO_REMOTE: false,
              FEDERATION_OPTIMIZE_NO_SHARED: false,
              FEDERATION_HAS_EXPOSES: false,
              ENV_TARGET: JSON.stringify('web'),
            }),
          ]
        : [
            new ModuleFederationPlugin({
              name: options.name,
              filename: 'remoteEntry.js',
              exposes: dev ? withHotReload(options.name, options.exposes) : namedExposes(options.exposes),
              shared: SHARED_SINGLETONS,
              dts: false,
              manifest: false,
              // No manifest snapshots, browser only, and remotes never load other remotes: a smaller runtime. And
              // none of it in the remote: its entry uses the federation runtime the shell already loaded, which the
              // shell leaves where `externalRuntime` looks for it (web/shell/src/remotes/federation.ts).
              experiments: { optimization: { disableSnapshot: true, target: 'web', disableRemote: true }, externalRuntime: true },
            }),
          ]),
      ...(host
        ? [
            new HtmlRspackPlugin({
              template: './src/index.ejs',
              templateParameters: { brandName },
              scriptLoading: 'defer',
              favicon: './src/art/favicon.svg',
            }),
            // The Latin subset of the one web font: every page's text; the extended subset loads if it is used.
            new PreloadFontsPlugin(/^figtree-latin-wght-normal\./),
            new PaintFirstPlugin('main', 'paint-first'),
          ]
        : []),
      ...(dev
        ? [new ReactRefreshRspackPlugin()]
        : [new ChunkFilesPlugin(host ? [REMOTE_LOADER_CHUNK] : Object.keys(options.exposes ?? {}).map(exposedChunkName))]),
    ],
    optimization: {
      realContentHash: true,
      // React DOM is most of the shell's first script: as a script of its own it is evaluated in a task of its own,
      // so no single task holds a slow phone's main thread as long (issue 8, total blocking time).
      ...(host
        ? {
            splitChunks: {
              cacheGroups: {
                reactDom: { test: /[\\/]node_modules[\\/]react-dom[\\/]/, name: 'react-dom', chunks: 'initial', enforce: true },
              },
            },
          }
        : {}),
    },
    performance: { hints: false },
    experiments: { css: true },
    // Lazy compilation's own requests would reach the API proxy, and federated chunks must exist when asked for.
    lazyCompilation: false,
    devServer: devServer(options.name),
    stats: 'errors-warnings',
  };
}
