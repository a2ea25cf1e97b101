import { type Compiler, HtmlRspackPlugin } from '@rspack/core';

/**
 * Adds `<link rel="preload" as="font">` to the page's head for the emitted fonts whose names match. Without it the
 * browser finds the font only once the style sheet is parsed and text is laid out; a page rendered by then in the
 * fallback font reflows when the font arrives, and everything below the text moves (layout shift, issue 8).
 */
export class PreloadFontsPlugin {
  constructor(private readonly names: RegExp) {}

  apply(compiler: Compiler): void {
    compiler.hooks.compilation.tap('PreloadFontsPlugin', (compilation) => {
      HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tap('PreloadFontsPlugin', (data) => {
        const fonts = compilation
          .getAssets()
          .map((asset) => asset.name)
          .filter((name) => name.endsWith('.woff2') && this.names.test(name))
          .sort();
        const preloads = fonts.map((name) => ({
          tagName: 'link',
          voidTag: true,
          attributes: { rel: 'preload', href: `${data.publicPath}${name}`, as: 'font', type: 'font/woff2', crossorigin: true },
        }));
        data.headTags.unshift(...(preloads as typeof data.headTags));
        return data;
      });
    });
  }
}
