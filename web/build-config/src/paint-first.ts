import { type Compiler, HtmlRspackPlugin } from '@rspack/core';

type HeadTag = { tagName: string; attributes: Record<string, string | boolean | undefined> };

/**
 * The page starts its app's scripts from the small `paint-first` entry (docs/decisions/0107): the app entry's script
 * tags become preloads, so they download as before (at low priority, as deferred scripts do: the style sheet, the
 * font and the pictures come first), and `paint-first`, given their addresses in `data-main`, adds them to the page,
 * at once on a page the app draws, after the first paint on a page that arrived rendered.
 */
export class PaintFirstPlugin {
  constructor(
    private readonly app: string,
    private readonly starter: string,
  ) {}

  apply(compiler: Compiler): void {
    compiler.hooks.compilation.tap('PaintFirstPlugin', (compilation) => {
      HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tap('PaintFirstPlugin', (data) => {
        const scriptsOf = (entry: string) =>
          [...(compilation.entrypoints.get(entry)?.getFiles() ?? [])]
            .filter((file) => file.endsWith('.js'))
            .map((file) => `${data.publicPath}${file}`);
        const app = scriptsOf(this.app);
        const [starter, ...more] = scriptsOf(this.starter);
        if (!starter || more.length) throw new Error(`PaintFirstPlugin: the ${this.starter} entry should be one script`);
        const tags = data.headTags as unknown as HeadTag[];
        for (const [index, tag] of tags.entries()) {
          if (tag.tagName !== 'script') continue;
          const src = String(tag.attributes.src);
          if (app.includes(src))
            tags[index] = { ...tag, tagName: 'link', attributes: { rel: 'preload', as: 'script', href: src, fetchpriority: 'low' } };
          if (src === starter) tag.attributes['data-main'] = app.join(' ');
        }
        return data;
      });
    });
  }
}
