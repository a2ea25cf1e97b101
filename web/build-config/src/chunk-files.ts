import { CHUNK_FILES_LIST } from '@elts/contracts';
import { type Compiler, sources } from '@rspack/core';

/**
 * Writes `chunk-files.json`: for each named lazy chunk of the build (a remote's exposed module, the shell's remote
 * loader), the scripts and style sheets it needs, as paths in the build folder. The gateway names them in the page
 * of a route that will need them, so they download with the page instead of one after another (docs/decisions/0108).
 */
export class ChunkFilesPlugin {
  constructor(private readonly chunks: readonly string[]) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('ChunkFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the content hashes are final: the list must name the files as they are written.
        { name: 'ChunkFilesPlugin', stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const list: Record<string, string[]> = {};
          for (const name of this.chunks) {
            const group = compilation.namedChunkGroups.get(name);
            if (!group) throw new Error(`ChunkFilesPlugin: the build has no chunk named ${name}`);
            list[name] = group.getFiles().filter((file) => /\.(js|css)$/.test(file));
          }
          compilation.emitAsset(CHUNK_FILES_LIST, new sources.RawSource(JSON.stringify(list)));
        },
      );
    });
  }
}
