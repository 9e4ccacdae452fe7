// Lint rules: typescript-eslint's recommended set, plus a ban on focused or skipped tests
// (`.only` fails CI; a skip must say why at run time with `t.skip(reason)`).
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
    ],
  },
  js.configs.recommended,
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
);
