import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { escapeHtml, PRERENDERED_ROUTES, prerenderedPageFile } from '@elts/contracts';
import { type Compiler, type Configuration, DefinePlugin, type RuleSetRule } from '@rspack/core';

/** What the prerender entry (web/shell/src/prerender/render-page.tsx) exports. */
interface PageRenderer {
  renderPage(path: string): Promise<{ html: string; title: string }>;
}

const ROOT_ELEMENT = '<div id="root"></div>';
/**
 * The app's scripts, which the shell's page preloads (PaintFirstPlugin). A page that arrives rendered asks for them
 * only once it is on screen: fetched earlier, they would share a slow connection with what the first paint needs.
 */
const APP_SCRIPT_PRELOAD = /<link\b[^>]*\bas="script"[^>]*>/g;

/**
 * The shell's page with a route's markup in its root element and the route's title: the browser paints the page
 * from the HTML and the style sheet alone, and the shell's scripts, started after that (paint-first.ts), hydrate it
 * (bootstrap.tsx reads `data-prerendered`).
 */
export function pageWithMarkup(template: string, route: string, page: { html: string; title: string }): string {
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`The shell's index.html has no ${ROOT_ELEMENT} to fill`);
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(APP_SCRIPT_PRELOAD, '')
    .replace(ROOT_ELEMENT, () => `<div id="root" data-prerendered="${route}">${page.html}</div>`);
}

/**
 * Once the prerender bundle is written, renders each of PRERENDERED_ROUTES with it into the shell's build folder,
 * beside the index.html the shell's own compilation wrote.
 */
class WritePrerenderedPagesPlugin {
  constructor(
    private readonly bundle: string,
    private readonly shellDist: string,
  ) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tapPromise('WritePrerenderedPagesPlugin', async () => {
      const load = createRequire(import.meta.url);
      delete load.cache[this.bundle];
      const renderer = load(this.bundle) as PageRenderer;
      const template = await readFile(resolve(this.shellDist, 'index.html'), 'utf8');
      for (const route of PRERENDERED_ROUTES) {
        const file = resolve(this.shellDist, prerenderedPageFile(route));
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, pageWithMarkup(template, route, await renderer.renderPage(route)));
      }
    });
  }
}

/** A bare package name (react, react-dom/static), which Node resolves at render time instead of the bundle holding it. */
const isPackage = (request: string) => !/^[./]/.test(request) && !request.startsWith('@elts/') && !/^[a-z]:/i.test(request);

/**
 * The build that renders the public pages to HTML: the shell's own configuration (the same sources, rules, asset
 * names and defines, so a picture's URL is the one the browser build emitted), compiled for Node after the shell.
 */
export function prerenderConfig(shell: Configuration, dir: string, entry: string): Configuration {
  const output = resolve(dir, 'dist-prerender');
  const rules = (shell.module?.rules ?? []).map((rule) =>
    rule && typeof rule === 'object' && (rule as RuleSetRule).type === 'asset/resource'
      ? { ...(rule as RuleSetRule), generator: { emit: false } }
      : rule,
  );
  return {
    ...shell,
    name: 'shell-prerender',
    dependencies: [shell.name ?? 'shell'],
    target: ['node20', 'es2022'],
    devtool: false,
    entry: { 'render-page': entry },
    output: {
      path: output,
      publicPath: '/',
      filename: '[name].cjs',
      chunkFilename: '[name].[id].cjs',
      assetModuleFilename: shell.output?.assetModuleFilename,
      library: { type: 'commonjs2' },
      clean: true,
    },
    resolve: { ...shell.resolve, conditionNames: ['source', 'node', 'import', 'module', 'default'] },
    externals: [({ request }, callback) => (request && isPackage(request) ? callback(undefined, `commonjs ${request}`) : callback())],
    module: { ...shell.module, rules },
    plugins: [
      ...(shell.plugins ?? []).filter((plugin) => plugin instanceof DefinePlugin),
      new WritePrerenderedPagesPlugin(resolve(output, 'render-page.cjs'), resolve(dir, 'dist')),
    ],
    optimization: { minimize: false },
    devServer: undefined,
  };
}
