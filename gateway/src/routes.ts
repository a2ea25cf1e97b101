import { OPERATIONS, type OperationSpec, pathMatcher, type ServiceName } from '@elts/contracts';

/**
 * Which service owns a public path, read from the operation table (packages/contracts/src/operations): the gateway
 * keeps no route list of its own. Internal operations are never reachable from outside. A path no operation
 * describes has no owner, so the gateway answers it (a page, an asset, or not found) and no service sees it.
 */
const byFirstSegment = new Map<string, Array<{ matches: RegExp; owner: ServiceName }>>();
for (const op of OPERATIONS as readonly OperationSpec[]) {
  if (op.access === 'internal') continue;
  const first = firstSegment(op.path);
  const routes = byFirstSegment.get(first) ?? [];
  routes.push({ matches: pathMatcher(op.path), owner: op.owner });
  byFirstSegment.set(first, routes);
}

function firstSegment(path: string): string {
  return path.split('/')[1] ?? '';
}

/** The service serving `path` (any method: a wrong method is the owner's 405 to give, with its Allow header). */
export function ownerOf(path: string): ServiceName | undefined {
  for (const route of byFirstSegment.get(firstSegment(path)) ?? []) if (route.matches.test(path)) return route.owner;
  return undefined;
}
