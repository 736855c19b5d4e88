import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'data/**', 'coverage/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // One file-name convention in every workspace: kebab-case, role suffixes after a dot
    // (articles.api.ts, batch-ai.test.ts).
    files: ['{server,shared,web,desktop,tests,build}/**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    // Folders hold what their name says: components/ only React components (and their
    // makeStyles hooks, *.styles.ts); helpers and constants go to the feature's model/ or lib/.
    files: ['web/src/**/*.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-blocklist': [
        'error',
        { 'web/src/**/components/**/!(*.styles).ts': '*.tsx' },
        { errorMessage: "components/ holds React components only: move {{ target }} to the feature's model/ or to lib/." },
      ],
    },
  },
  {
    files: ['{server,shared,web,desktop,tests,build}/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['tsconfig.json', 'web/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Web boundaries: a feature uses components/, lib/, @folio/shared and itself, never a
    // sibling feature; components/ and lib/ know no feature. What two features share moves down.
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './web/src/features/admin',
              from: './web/src/features/public',
              message: 'Move what both features use to components/ or lib/.',
            },
            {
              target: './web/src/features/public',
              from: './web/src/features/admin',
              message: 'Move what both features use to components/ or lib/.',
            },
            {
              target: './web/src/components',
              from: ['./web/src/features', './web/src/app'],
              message: 'components/ must not depend on a feature.',
            },
            {
              target: './web/src/lib',
              from: ['./web/src/features', './web/src/app', './web/src/components'],
              message: 'lib/ must not depend on features or UI.',
            },
          ],
        },
      ],
    },
  },
  ...desktopProcessBoundaries(),
  {
    // Configuration is read from the environment in exactly one module per program.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through server/src/config.ts' },
      ],
    },
  },
  {
    // Handlers validate, call a service and present: only services reach storage, so the rules about stored data live in one place.
    files: ['server/src/routes/**/*.ts', 'server/src/http/**/*.ts', 'server/src/web/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/store/*', '**/store'],
              message: 'Routes reach storage through a service from the app context (context.services).',
            },
          ],
        },
      ],
    },
  },
);

/**
 * Which process each desktop file runs in, checked rather than promised (as Signal Desktop does):
 * only main.ts and the preload load `electron`; the rest of main takes Electron's objects as
 * arguments (type imports are erased, so they load nothing); core/ is plain Node; the renderer
 * reaches main only through the bridge (channels/) and the web admin only through @folio/web's
 * package exports. channels/ and common/ are bundled into every process, so they depend on none.
 * desktop/test/process-boundaries.test.ts proves each rule fires.
 */
function desktopProcessBoundaries() {
  const electronAtRunTime = {
    name: 'electron',
    allowTypeImports: true,
    message: 'Only desktop/src/main/main.ts loads electron: take its objects as arguments (import type is fine).',
  };
  const noElectron = (where) => ({ name: 'electron', message: `${where} must not depend on electron.` });
  const webSources = {
    regex: '(^|/)web/src(/|$)',
    message: "The desktop takes the web admin through @folio/web's package exports (web/package.json).",
  };
  const zone = (target, from, message) => ({ target, from, message });
  const src = (folder) => `./desktop/src/${folder}`;
  return [
    {
      files: ['desktop/src/main/**/*.ts'],
      ignores: ['desktop/src/main/main.ts'],
      rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [electronAtRunTime] }] },
    },
    {
      files: ['desktop/src/core/**/*.ts'],
      rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [noElectron('core/ (plain Node modules)')] }] },
    },
    {
      files: ['desktop/src/{channels,common}/**/*.ts'],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            paths: [noElectron('Code bundled into every process')],
            patterns: [{ regex: '^node:', message: 'Code bundled into the sandboxed preload and the renderer cannot use Node.' }],
          },
        ],
      },
    },
    {
      files: ['desktop/src/renderer/**/*.{ts,tsx}'],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          { paths: [noElectron('The renderer (a sandboxed page)')], patterns: [webSources] },
        ],
      },
    },
    {
      files: ['desktop/src/**/*.{ts,tsx}'],
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          {
            zones: [
              zone(
                src('core'),
                [src('main'), src('preload'), src('renderer')],
                'core/ is plain Node: main calls it, never the reverse.',
              ),
              zone(src('main'), [src('preload'), src('renderer')], 'main reaches the page only through the bridge (channels/).'),
              zone(
                src('renderer'),
                [src('core'), src('main'), src('preload')],
                'The renderer reaches main only through window.folio (channels/); move what both need to common/ or @folio/shared.',
              ),
              zone(
                src('preload'),
                [src('core'), src('main'), src('renderer')],
                'The preload only exposes the bridge (channels/).',
              ),
              zone(
                [src('channels'), src('common')],
                [src('core'), src('main'), src('preload'), src('renderer')],
                'channels/ and common/ are shared by every process and depend on none.',
              ),
            ],
          },
        ],
      },
    },
  ];
}
