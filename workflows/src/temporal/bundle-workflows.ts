/**
 * Run by the package build after `tsc`: bundles the built workflow module once, for every worker start to load
 * (see workflows-path.ts).
 */
import { writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { bundleWorkflowCode } from '@temporalio/worker';
import { workflowBundlePath, workflowsPath } from './workflows-path.js';

/** The workflow bundle's code. Throws if the bundler warns: the sandbox would refuse what it warns about. */
export async function bundleWorkflows(): Promise<string> {
  const problems: string[] = [];
  const quiet = () => {};
  const { code } = await bundleWorkflowCode({
    workflowsPath: workflowsPath(),
    logger: { log: quiet, trace: quiet, debug: quiet, info: quiet, warn: (m) => problems.push(m), error: (m) => problems.push(m) },
  });
  if (problems.length > 0) throw new Error(`the workflow bundle has problems:\n${problems.join('\n')}`);
  return code;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await writeFile(workflowBundlePath(), await bundleWorkflows());
}
