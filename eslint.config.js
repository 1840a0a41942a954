import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

/** Import direction (docs/architecture.md): ui and features → machines → src/domain; services → api, db → domain; server → domain. */
const layer = (files, groups) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: groups }] },
});
const forbid = (message, ...group) => ({ group, message });

const notFeatures = forbid('Only routes import from features.', '**/features/**', '**/routes/**');
const noReact = forbid('Pure code: no React here.', 'react', 'react-dom', 'react-*', '@xstate/react', '@tanstack/*');
const noIo = forbid('Pure code: no network or storage here; inject it.', 'ofetch', 'dexie', 'dexie-*', '**/api/**', '**/db/**', '**/services/**');
const noUi = forbid('Pure code does not reach UI or machines.', '**/ui/**', '**/machines/**', '**/i18n/*.ts', '**/i18n/locales/ar/**');

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'dev-dist/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })] },
  },
  layer(['src/domain/**'], [noReact, noIo, noUi, notFeatures, forbid('Domain code is shared with the server.', '**/server/**')]),
  layer(['machines/**'], [noReact, noIo, notFeatures, forbid('Machines do not reach UI.', '**/ui/**', '**/i18n/**')]),
  layer(['src/api/**', 'src/db/**'], [noReact, noUi, notFeatures, forbid('api and db stay below services.', '**/services/**')]),
  layer(['src/services/**'], [noReact, notFeatures, forbid('Services do not reach UI.', '**/ui/**')]),
  layer(['src/ui/**'], [notFeatures, forbid('The UI kit does not call the network or storage.', 'ofetch', 'dexie', '**/api/**', '**/db/**', '**/services/**')]),
  layer(['src/i18n/**'], [notFeatures, forbid('i18n stays below the UI.', '**/ui/**', '**/machines/**')]),
  layer(['src/app/**'], [notFeatures]),
  // Features do not import each other (as bulletproof-react): what several share lives in src/ui or src/app, and a
  // screen made of several features' parts is put together in src/routes.
  {
    files: ['src/features/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: readdirSync('src/features', { withFileTypes: true })
            .filter((entry) => entry.isDirectory())
            .map(({ name }) => ({
              target: `./src/features/${name}`,
              from: './src/features',
              except: [`./${name}`],
              message: 'Features do not import each other: move what they share to src/ui or src/app.',
            })),
        },
      ],
    },
  },
  layer(['server/**'], [noReact, forbid('The server shares only src/domain with the client.', '**/src/features/**', '**/src/routes/**', '**/src/app/**', '**/src/api/**', '**/src/db/**', '**/src/services/**', '**/src/ui/**', '**/machines/**', '**/src/i18n/**')]),
);
