// The rules the code lives by (DESIGN §2), checked rather than written down only.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { layering } from './scripts/layering.mjs';

// Paths are the workspace's, whichever package folder the linter runs from (`npm test -w mf-loan`).
const ROOT = import.meta.dirname;

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/results/**',
      'bench/.work/**',
      'server/data/**',
      'coverage/**',
      // Mutation testing's sandboxes and reports, and the team checkouts of the browser tests.
      '.stryker-tmp/**',
      'reports/**',
      'e2e/.work/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The import graph: who may import whom, and no circles.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${ROOT}/tsconfig.json`, alwaysTryTypes: true })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layering, basePath: ROOT }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
    },
  },
  {
    // The server is asynchronous end to end: a promise left unawaited is a write that may not
    // have happened, or a check that passes on a promise instead of its value.
    files: ['server/src/**/*.ts', 'server/test/**/*.ts', 'server/bench/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: ROOT } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // Build scripts, configs and tests run in Node and may print.
    files: ['scripts/**', 'bench/**', 'e2e/**', '**/*.config.{js,mjs,ts}', 'webpack/**', 'server/bench/**', 'server/src/main.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // The build and stack scripts are CommonJS, shared by `npm start`, the browser tests and the bench.
    files: ['**/*.js', 'e2e/**'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Operator screens and the console host ask through the contract's typed console calls, as
    // borrower pages do through `useApi(...)`: a path typed at a call site, or an answer's type
    // asserted there, is what this refuses. Signing in and out (createConsoleHost.ts) and reading config.json
    // before any client exists (start.tsx) are the host's plumbing, not a screen's call.
    files: ['mf-*/src/console/**/*.{ts,tsx}', 'ops/src/**/*.{ts,tsx}', 'packages/ui/src/console/**/*.{ts,tsx}'],
    ignores: ['ops/src/host/createConsoleHost.ts', 'ops/src/start.tsx', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "CallExpression[callee.object.name='http'][callee.property.name=/^(get|post|put|patch|delete|upload|download)$/]",
          "CallExpression[callee.object.property.name='http'][callee.property.name=/^(get|post|put|patch|delete|upload|download)$/]",
          "CallExpression[callee.name='fetch']",
          "CallExpression[callee.object.name=/^(window|globalThis|self)$/][callee.property.name='fetch']",
        ].map((selector) => ({
          selector,
          message: 'A console screen calls the API through useConsoleApi() (@instalment/ui/console), typed by the contract, not by path.',
        })),
      ],
    },
  },
  {
    // The standalone harness has no shell: its toasts go to the console.
    files: ['packages/federation/src/harness/**'],
    rules: { 'no-console': 'off' },
  },
);
