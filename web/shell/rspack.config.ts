import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brandNameFrom } from '@elts/contracts';
import { defineWebApp } from '@elts/web-build-config';
import type { Compiler, Configuration } from '@rspack/core';

const shell = defineWebApp({ name: 'shell', dir: import.meta.dirname, prerender: './src/prerender/render-page.tsx' });
const PWA_DIR = join(import.meta.dirname, 'src', 'pwa');

/**
 * The member app as an installable PWA (docs/decisions/0160): its web app manifest (named by BRAND_NAME), its icons,
 * and the service worker that shows drop alerts pushed to the device. They keep fixed names at the site's root: a
 * service worker's scope is its own folder, and a browser checks the worker and the manifest for updates by their
 * address (the gateway answers them with no-cache).
 */
class InstallableAppPlugin {
  apply(compiler: Compiler): void {
    const { RawSource } = compiler.rspack.sources;
    compiler.hooks.thisCompilation.tap('InstallableAppPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'InstallableAppPlugin', stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.fileDependencies.add(join(PWA_DIR, 'sw.js'));
          compilation.emitAsset('sw.js', new RawSource(readFileSync(join(PWA_DIR, 'sw.js'), 'utf8')));
          compilation.emitAsset('manifest.webmanifest', new RawSource(JSON.stringify(webAppManifest(), null, 2)));
          for (const icon of readdirSync(join(PWA_DIR, 'icons')))
            compilation.emitAsset(`icons/${icon}`, new RawSource(readFileSync(join(PWA_DIR, 'icons', icon))));
        },
      );
    });
  }
}

/** The manifest: standalone (iPhone's Web Push needs the app added to the Home Screen, opened standalone). */
function webAppManifest() {
  const name = brandNameFrom(process.env.BRAND_NAME);
  return {
    id: '/profile',
    name,
    short_name: name.length <= 12 ? name : name.split(' ')[0],
    description: `${name} is a members-only deals community for shoppers in India.`,
    lang: 'en-IN',
    start_url: '/profile',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#1d1250',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

export default (): Configuration | Configuration[] => {
  const built = shell();
  const app = Array.isArray(built) ? built[0] : built;
  if (app) app.plugins = [...(app.plugins ?? []), new InstallableAppPlugin()];
  return built;
};
