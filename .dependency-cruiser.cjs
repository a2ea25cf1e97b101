/**
 * The import rules `npm run lint` holds (dependency-cruiser, decision 0157). Each says what a folder may not reach,
 * so that a newcomer can trust the structure the folders promise. Tests, builds and the browser journeys are left out:
 * the rules are about the product's own code.
 *
 * `.dependency-cruiser-known-violations.json` lists known violations, reported and not failed (payments' circle
 * between a payment and a membership was the one, until its process manager took the calls between them over,
 * decision 0167). A new violation fails the lint; one removed from the code should be removed from that file
 * (`npm run lint:deps:baseline`).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No circle of runtime imports: a module that needs itself through others is loaded half-made. Imports of types alone are erased, and may circle.',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'], viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-service-into-another',
      comment: 'A service reaches another only through its operations (contracts) and events, never its source.',
      severity: 'error',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/', pathNot: '^services/$1/' },
    },
    {
      name: 'domain-is-pure',
      comment:
        "A service's domain/ and a process's decider hold rules alone: no storage, no HTTP, no commands, no database or web libraries.",
      severity: 'error',
      from: { path: ['^services/[^/]+/src/domain/', '^services/[^/]+/src/processes/[^/]+/decider[.]ts$'] },
      to: {
        path: ['^services/[^/]+/src/(store|api|consumers|commands)/', 'node_modules/(kysely|pg|hono|@temporalio)/'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'processes-meet-in-their-managers',
      comment:
        "A long-running process's decider and commands decide on its own stream alone; only its process manager sends commands to another (issue 36, decision 0167).",
      severity: 'error',
      from: { path: '^services/[^/]+/src/processes/([^/]+)/(?!process-manager[.]ts$)' },
      to: { path: '^services/[^/]+/src/processes/', pathNot: '^services/[^/]+/src/processes/$1/' },
    },
    {
      name: 'web-is-not-server',
      comment: 'The browser apps use the shared packages only: no service, gateway or worker code in a bundle.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^(services|gateway|workflows|scripts)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Our builds and tests; node_modules' own dist/ folders stay, so that imports of libraries are seen.
    exclude: { path: '^(?!node_modules/).*(^|/)(dist|dist-prerender|test|tests)/|\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    // The workspaces' own `source` condition, as the services and tests run them: imports resolve to src/, not dist/.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['source', 'import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
