import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'schema/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unsafe-function-type': 'off',
      '@typescript-eslint/no-explicit-any': ['warn'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // One data-access idiom (docs/adr/0009-one-data-access-idiom.md): a service holds rules and orchestration,
    // its module's store holds the SQL. Commands, queries and resolvers are services by another name.
    files: ['subgraphs/**/*.service.ts', 'subgraphs/**/*.commands.ts', 'subgraphs/**/*.queries.ts', 'subgraphs/**/*.query.ts', 'subgraphs/**/*.resolver.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "CallExpression[callee.property.name=/^(execute|query)$/][callee.object.name='tx'], CallExpression[callee.property.name='execute'][callee.object.property.name='em']",
        message: "SQL belongs in the module's store (<module>.store.ts): call a typed store function instead.",
      }],
    },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
