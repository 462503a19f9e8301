/**
 * Import rules of the house plan (docs/architecture.md "Dependency rules"), checked by `npm run lint`:
 *   npx depcruise apps packages e2e --config .dependency-cruiser.cjs --ignore-known
 * Each rule is one sentence of the plan that used to be kept by hand. Type-only imports count too: a type that two
 * modules need from each other belongs in a third.
 * `--ignore-known` skips the violations listed in .dependency-cruiser-known-violations.json (written by
 * `npx depcruise-baseline apps packages e2e --config .dependency-cruiser.cjs`): work in progress to be fixed, never a
 * place to park new ones. Keep it empty.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment:
        'No import cycles, in any workspace. A cycle makes the load order decide which module sees the other half ' +
        'initialised (undefined at run time), and ties the modules so neither can be read, tested or split alone. ' +
        'Break it by moving what both need into a third module, or by handing a function in at start-up.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-other-module-table-or-repository',
      comment:
        "Server: a module's tables and repository are its own. Another module, lib/ or a workflow calls that " +
        "module's service (or a small query function its service exports), so the module's rules (ownership, " +
        'soft deletes, visibility) cannot be skipped. Allowed outside the module: app.ts (the composition root ' +
        'builds repositories for the plugins) and the shared test support in apps/server/test/ (factories that ' +
        'insert rows directly).',
      severity: 'error',
      // $1 is the importing file's module folder (or just src/ outside modules/, which matches no table)
      from: {
        path: '^(apps/server/src/modules/[^/]+/|apps/server/src/)',
        pathNot: '^apps/server/src/app\\.ts$',
      },
      to: {
        path: '^apps/server/src/modules/.+\\.(table|repository)\\.ts$',
        pathNot: '^$1[^/]+\\.(table|repository)\\.ts$',
      },
    },
    {
      name: 'demo-content-imports-no-app',
      comment:
        'The demo content (packages/demo-content: generators and seed plans of the demo data) imports neither an app ' +
        "nor the server's code: what it needs from the server (services, storage, the job queue) is handed in by " +
        "the server's seeding step as typed ports (packages/demo-content/src/ports.ts). So the product server holds " +
        'the product, and the demo data can be read, tested and replaced on its own.',
      severity: 'error',
      from: { path: '^packages/demo-content/' },
      to: { path: '^(apps|e2e)/|(^|/)node_modules/@xr/(server|web|e2e)/' },
    },
    {
      name: 'no-feature-imports-another-feature',
      comment:
        'Web: a feature (features/<name>/) imports no other feature; a piece two features need moves to ' +
        'components/ (UI, API fetchers in components/api/) or lib/. The lean viewer (lean-viewer/, the page ' +
        'viewer.html) counts as a feature here. Pages that compose several features (the profile page, the system ' +
        'logs page) live in app/pages/, which may import any feature.',
      severity: 'error',
      from: { path: '^apps/web/src/(features/[^/]+|lean-viewer)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/$1/' },
    },
    {
      name: 'no-lib-imports-app',
      comment:
        'Web: lib/ is the bottom layer (HTTP client, session, permissions, i18n): it imports neither app/ (router, ' +
        'layouts, pages) nor a feature. What it needs from above (the route table without its pages, the token ' +
        'getter) lives in lib/ or is handed in at start-up (lib/auth/connect.ts).',
      severity: 'error',
      from: { path: '^apps/web/src/lib/' },
      to: { path: '^apps/web/src/(app|features)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // build output, data, and scratch files (`*.tmp.*`, `.tmp-*`) a run may create and remove while it is read
    exclude: { path: '(^|/)(node_modules|dist|data|coverage)/|\\.tmp[.-]|(^|/)\\.[^/]*tmp' },
    // type-only imports are dependencies too (see the header)
    tsPreCompilationDeps: true,
    // @xr/contract/<name> resolves through the package's "exports" to packages/contract/src/<name>.ts
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
