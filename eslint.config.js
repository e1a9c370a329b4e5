// One-way dependencies: engine knows nothing of the product; domain may use engine's pure parts;
// web and server use both but never each other.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

// Features do not import one another: what two features share lives in src/web/{api,lib,utils,
// components}. One zone per feature folder, so a new feature is covered without a change here.
const FEATURES = './src/web/features';
// Imports resolved as the build resolves them, `@/…` (tsconfig.json `paths`) included, so a zone
// sees through the alias.
const nodeResolver = createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] });
const srcResolver = {
  interfaceVersion: 3,
  name: 'portal-src-alias',
  resolve: (source, file) =>
    nodeResolver.resolve(
      source.startsWith('@/') ? path.resolve('src', source.slice(2)) : source,
      file,
    ),
};
const featureZones = readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `${FEATURES}/${name}`,
    from: FEATURES,
    except: [`./${name}`],
    message:
      'Features do not import one another: move what they share to src/web/{api,lib,utils,components}.',
  }));

const restrict = (patterns, paths = []) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        ...patterns.map((group) => ({
          group,
          message: 'Dependencies point one way: see ARCHITECTURE (engine <- domain <- web/server).',
        })),
        {
          regex: '^(\\.\\./)+scripts(/|$)',
          message: 'Production code does not import from scripts/: move what it needs under src/.',
        },
      ],
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
  '@react-email/*',
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
  // Files a reader can hold in mind (issue 41): every line counts, comments and blank ones too.
  {
    files: ['src/**'],
    ignores: ['src/generated/**'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  { files: ['src/engine/**'], rules: restrict([['**/domain/**', '**/web/**', '**/server/**']]) },
  {
    files: ['src/domain/**'],
    rules: restrict([['**/web/**', '**/server/**', 'react', 'react-dom', 'fastify', 'kysely']]),
  },
  { files: ['src/web/**'], rules: restrict([webForbidden], [queryHooks]) },
  {
    files: ['src/web/features/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [srcResolver],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: featureZones }] },
  },
  { files: ['src/web/lib/query-client.ts'], rules: restrict([webForbidden]) },
  { files: ['src/server/**'], rules: restrict([['**/web/**', 'react', 'react-dom']]) },
  // Messages' e-mails are drawn with react-email (issue 43): React there, and only there.
  { files: ['src/server/messages/**'], rules: restrict([['**/web/**']]) },
);
