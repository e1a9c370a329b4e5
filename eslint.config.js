// One-way dependencies: engine knows nothing of the product; domain may use engine's pure parts;
// web and server use both but never each other.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (patterns, paths = []) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: patterns.map((group) => ({
        group,
        message: 'Dependencies point one way: see ARCHITECTURE (engine <- domain <- web/server).',
      })),
      paths,
    },
  ],
});

const webForbidden = [
  '**/server/**',
  'fastify',
  'kysely',
  'better-sqlite3',
  'pg',
  'pdfkit',
  'pdfkit/*',
  'fontkit',
];

// The web app has no QueryClientProvider: its hooks come bound to the app's client.
const queryHooks = {
  name: '@tanstack/react-query',
  importNames: [
    'QueryClientProvider',
    'useMutation',
    'useQueries',
    'useQuery',
    'useQueryClient',
    'useSuspenseQuery',
    'useInfiniteQuery',
    'useIsFetching',
    'useIsMutating',
  ],
  message: 'Import the hooks from src/web/lib/query-client.ts (bound to the app client).',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      'src/generated',
      'test-results',
      'playwright-report',
      'coverage',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.tsx', 'src/web/**/*.ts', 'src/engine/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  { files: ['src/engine/**'], rules: restrict([['**/domain/**', '**/web/**', '**/server/**']]) },
  {
    files: ['src/domain/**'],
    rules: restrict([['**/web/**', '**/server/**', 'react', 'react-dom', 'fastify', 'kysely']]),
  },
  { files: ['src/web/**'], rules: restrict([webForbidden], [queryHooks]) },
  { files: ['src/web/lib/query-client.ts'], rules: restrict([webForbidden]) },
  { files: ['src/server/**'], rules: restrict([['**/web/**', 'react', 'react-dom']]) },
);
