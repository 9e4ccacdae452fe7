/**
 * The layering `npm run lint` enforces (README, "Layout"): no import circles anywhere in src/,
 * the JSON:API engine knows no feature, protocol code knows no page, and the database layer
 * knows features only through the table types it joins into one schema.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import circles make start-up order fragile and features inseparable.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'api-is-an-engine',
      severity: 'error',
      comment: 'src/api serves whatever features it is given; features register through it.',
      from: { path: '^src/api/' },
      to: { path: '^src/(crm|web|jobs|cli|webhooks|events)/' },
    },
    {
      name: 'protocol-without-pages',
      severity: 'error',
      comment: 'The OAuth protocol code does not render pages; src/web calls into it.',
      from: { path: '^src/oauth/' },
      to: { path: '^src/(web|crm|cli)/' },
    },
    {
      name: 'features-without-pages',
      severity: 'error',
      comment: 'Services and repositories do not know the pages or the command line that call them.',
      from: { path: '^src/(crm|identity|integrations|oauth|api|db)/' },
      to: { path: '^src/(web|cli)/(?!session/session\\.table\\.ts$)' },
    },
    {
      name: 'db-knows-only-table-types',
      severity: 'error',
      comment: 'src/db is below every feature; only database.ts names their tables (as types).',
      from: { path: '^src/db/', pathNot: '^src/db/database\\.ts$' },
      to: { path: '^src/(?!db/|clock\\.ts$|wall-clock\\.ts$|security/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a circle of types is still a circle in the design.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
