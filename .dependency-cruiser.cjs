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
      to: { path: ['^functions/(adapters|http|schemas|handlers)/', '^functions/composition-root', 'node_modules'] },
    },
    {
      name: 'adapters-implement-core-ports-only',
      severity: 'error',
      comment: 'Adapters implement the ports of functions/core; they never reach up into services, HTTP or handlers.',
      from: { path: '^functions/adapters/' },
      to: { path: ['^functions/(application|http|schemas|handlers)/', '^functions/composition-root', '@middy'] },
    },
    {
      name: 'stores-stand-alone',
      severity: 'error',
      comment: 'A store never imports another store: a write that spans entities is composed through atomic-write.ts from the entity declarations.',
      from: { path: '^functions/adapters/dynamodb/[^/]+-store\\.ts$' },
      to: { path: '^functions/adapters/dynamodb/[^/]+-store\\.ts$' },
    },
    {
      name: 'entry-points-go-through-the-composition-root',
      severity: 'error',
      comment: 'Handlers and the HTTP layer get stores and services from the composition root, never by building adapters themselves.',
      from: { path: ['^functions/(http|handlers)/'] },
      to: { path: '^functions/adapters/' },
    },
    {
      name: 'schemas-are-declarations',
      severity: 'error',
      comment: 'Request schemas are valibot declarations over core types and constants.',
      from: { path: '^functions/schemas/' },
      to: { path: '^functions/', pathNot: ['^functions/(core|schemas|manifest)/'] },
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
      name: 'runtime-never-imports-infrastructure',
      severity: 'error',
      comment:
        'The runtime (functions/**) never imports the stack, the local runner, the scripts or the tests: what both sides read (routes, tables, queues) is the manifest, functions/manifest/.',
      from: { path: '^functions/' },
      to: { path: '^(lib|bin|scripts|test|cli|console|examples)/' },
    },
    {
      name: 'manifest-is-declarations',
      severity: 'error',
      comment: 'The manifest is plain data over core types: the stack and the local runner read it without loading any runtime code.',
      from: { path: '^functions/manifest/' },
      to: { pathNot: ['^functions/manifest/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'entry-points-are-loaded-by-path',
      severity: 'error',
      comment: 'Nothing imports an entry point: the stack and the local runner load handlers by the path the manifest names (tests excepted).',
      from: { pathNot: ['^test/', '^functions/handlers/'] },
      to: { path: '^functions/handlers/', pathNot: ['^functions/handlers/admin/seed-entry\\.ts$'] },
    },
    {
      name: 'entry-points-stand-alone',
      severity: 'error',
      comment:
        'An entry point of one surface never imports another entry point; what two share lives in a layer below (or in workers/ for the queue-worker scaffolding).',
      from: { path: '^functions/handlers/(api|taxjar|streams|scheduled|gateway)/' },
      to: { path: '^functions/handlers/' },
    },
    {
      name: 'infrastructure-loads-runtime-code-dynamically',
      severity: 'error',
      comment:
        'lib/** and bin/** (the stack, the local runner) read the manifest, may use the pure core (the error catalogues the gateway answers in) and point at handlers by path; other runtime modules they import for types only.',
      from: { path: '^(lib|bin)/' },
      to: { path: '^functions/', pathNot: ['^functions/(manifest|core)/'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
