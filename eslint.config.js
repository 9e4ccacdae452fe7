// Lint rules: typescript-eslint's recommended set, a ban on focused or skipped tests (`.only`
// fails CI; a skip must say why at run time with `t.skip(reason)`) and a size limit on source
// files. The import layering is checked by dependency-cruiser (.dependency-cruiser.cjs).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'test-results/**',
      'client/dist/**',
      'client/node_modules/**',
      'scratch/**',
    ],
  },
  js.configs.recommended,
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable' } } },
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'MemberExpression[object.name=/^(it|describe|test|suite)$/][property.name=/^(only|skip|todo)$/]',
          message:
            'Focused, skipped or todo tests do not land; skip at run time with t.skip(reason) where a service is absent.',
        },
        {
          selector:
            "CallExpression[callee.name=/^(it|describe|test|suite)$/] > ObjectExpression > Property[key.name='only']",
          message: 'Focused tests do not land.',
        },
      ],
    },
  },
  {
    // Small files that do one thing (STYLE.md): a file past 250 lines has a second responsibility.
    files: ['src/**/*.ts'],
    ignores: ['src/db/migrations/**', 'src/demo/demo-data.ts'],
    rules: { 'max-lines': ['error', { max: 250, skipBlankLines: false, skipComments: false }] },
  },
);
