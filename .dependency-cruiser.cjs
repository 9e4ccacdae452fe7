/**
 * The layering `npm run lint` enforces (README, "Layout"): no import circles anywhere in src/,
 * the JSON:API engine knows no feature (only the data layer beneath them, src/crm/data), a
 * feature's rules, commands and reads know no JSON:API, protocol code knows no page, and the
 * database layer knows features only through the table types it joins into one schema.
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
      comment:
        'src/api serves whatever features it is given; features register through it. It reads rows through the data layer (src/crm/data).',
      from: { path: '^src/api/' },
      to: { path: '^src/(crm/(?!data/)|web|jobs|cli|webhooks|events)' },
    },
    {
      name: 'data-layer-below-features',
      severity: 'error',
      comment:
        'src/crm/data (rows, record lookup, keyset paging, version tags) is below the features and the JSON:API engine, which both build on it.',
      from: { path: '^src/crm/data/' },
      to: { path: '^src/(?!crm/data/|db/|errors\\.ts$)' },
    },
    {
      name: 'domain-without-the-engine',
      severity: 'error',
      comment:
        'Rules, commands and reads know nothing of JSON:API: only the routes, resource definitions and request bodies of a feature import src/api.',
      from: { path: '^src/crm/', pathNot: '(routes|resource|bodies)\\.ts$' },
      to: { path: '^src/api/' },
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
      comment:
        'src/db is below every feature and names none: each feature joins its tables into the schema from its own *.table.ts.',
      from: { path: '^src/db/' },
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
