import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import fs from 'node:fs';
import globals from 'globals';

/** Imports go one way: shared ← server, shared ← client; never between client and server. */
const forbid = (groups, message) => ['error', { patterns: [{ group: groups, message }] }];

/**
 * The client's own layers, as bulletproof-react has them: shared code (components/, lib/, config/)
 * ← features/<feature>/ ← app/ (the pages, which compose features). A feature imports no other
 * feature and no page; shared code imports neither.
 */
const CLIENT_IMPORTS = [
  { group: ['**/server/**', 'fastify*', 'drizzle-orm*', 'pg'], message: 'The client must not import server code.' },
  { group: ['../*'], message: 'Import from another folder through @/ (src/client) or @shared/ (src/shared).' },
];
const clientImports = (...more) => ['error', { patterns: [...CLIENT_IMPORTS, ...more] }];
const NO_PAGES = { group: ['@/app/*'], message: 'Pages compose features; nothing imports a page.' };
const FEATURES = fs.readdirSync(new URL('./src/client/features', import.meta.url));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'playwright-report/**', 'test-results/**', 'data/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-eval': 'error',
      'no-implied-eval': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Render text through React; never inject HTML.' },
        { selector: "MemberExpression[object.name='sql'][property.name='raw']", message: 'sql.raw bypasses parameters; build SQL with the sql`` template.' },
        { selector: "AssignmentExpression > MemberExpression.left[property.name='innerHTML']", message: 'Never assign innerHTML.' },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': clientImports(),
    },
  },
  {
    files: ['src/client/{components,lib,config}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': clientImports(NO_PAGES, {
        group: ['@/features/*'],
        message: 'Shared code (components, lib, config) is used by features and pages and uses neither.',
      }),
    },
  },
  ...FEATURES.map((feature) => ({
    files: [`src/client/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': clientImports(NO_PAGES, {
        group: ['@/features/*', `!@/features/${feature}`],
        message: 'A feature does not import another: move what both need to components/ or lib/, or compose them in the page.',
      }),
    },
  })),
  {
    // No import cycles: a module and the modules it imports form a tree, so each can be read (and
    // loaded) before what uses it. Resolved as TypeScript resolves them (the @/ and @shared/ paths).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // Data is fetched only by the hooks and calls in api/ folders (features/<feature>/api/, and
    // components/<part>/api/ for shared components), so a screen's requests are found in one place.
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/**/api/**', 'src/client/lib/**', 'src/client/app/provider.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useQuery', 'useQueries', 'useInfiniteQuery', 'useSuspenseQuery', 'useMutation'],
              message: 'Fetch data in an api/ folder (features/<feature>/api/use-<what>.ts) and call that hook.',
            },
            { name: '@/lib/api-client', importNames: ['apiRequest'], message: 'Call the API from an api/ folder (features/<feature>/api/).' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(['**/client/**', 'react', 'react-dom'], 'The server must not import client code.'),
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(
        ['**/server/**', '**/client/**', 'react', 'fastify*', 'drizzle-orm*', 'pg', 'node:*'],
        'Shared code is imported by both sides and does no I/O.',
      ),
    },
  },
);
