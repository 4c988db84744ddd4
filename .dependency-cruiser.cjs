// The architecture rules of the project (see README "How it is built"), checked on every import,
// type-only imports included: `npm run lint` and test/unit/architecture.test.ts run them.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles make load order matter and hide layering mistakes.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-is-pure',
      severity: 'error',
      comment: 'functions/core is the domain: it imports nothing outside itself but node:crypto (no AWS SDK, no middy, no schemas, no adapters).',
      from: { path: '^functions/core/' },
      to: { pathNot: ['^functions/core/', '^(node:)?crypto$'] },
    },
    {
      name: 'application-knows-no-transport-or-storage',
      severity: 'error',
      comment: 'Application services know ports, not HTTP, SQS, DynamoDB or the composition root.',
      from: { path: '^functions/application/' },
      to: { path: ['^functions/(adapters|http|schemas)/', '^functions/composition-root', '^functions/[a-z0-9-]+/handler', '^lib/', 'node_modules'] },
    },
    {
      name: 'adapters-implement-core-ports-only',
      severity: 'error',
      comment: 'Adapters implement the ports of functions/core; they never reach up into services, HTTP or handlers.',
      from: { path: '^functions/adapters/' },
      to: { path: ['^functions/(application|http|schemas)/', '^functions/composition-root', '^functions/[a-z0-9-]+/handler', '@middy'] },
    },
    {
      name: 'entry-points-go-through-the-composition-root',
      severity: 'error',
      comment: 'Handlers and the HTTP layer get stores and services from the composition root, never by building adapters themselves.',
      from: { path: ['^functions/http/', '^functions/[a-z0-9-]+/(handler|schema)\\.ts$'] },
      to: { path: '^functions/adapters/' },
    },
    {
      name: 'schemas-are-declarations',
      severity: 'error',
      comment: 'Request schemas are valibot declarations over core types and constants.',
      from: { path: '^functions/schemas/' },
      to: { path: '^functions/', pathNot: ['^functions/(core|schemas)/'] },
    },
    {
      name: 'console-uses-the-public-api-only',
      severity: 'error',
      comment:
        "The operations console runs in a browser and reaches the service only through its public API and the typed client: it imports none of the service's code.",
      from: { path: '^console/' },
      to: { path: '^(functions|lib|bin|scripts|test|cli)/' },
    },
    {
      name: 'lib-loads-runtime-code-dynamically',
      severity: 'error',
      comment: 'lib/** (the stack, the local runner) points at handlers by path; it imports functions/** for types only.',
      from: { path: '^(lib|bin)/' },
      to: { path: '^functions/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
