import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Imports go one way: shared ← server, shared ← client; never between client and server. */
const forbid = (groups, message) => ['error', { patterns: [{ group: groups, message }] }];

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
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', 'fastify*', 'drizzle-orm*', 'pg'], message: 'The client must not import server code.' },
            { group: ['../*'], message: 'Import from another folder through @/ (src/client) or @shared/ (src/shared).' },
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
