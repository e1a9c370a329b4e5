import { defineConfig } from 'vitest/config';
import { rjsfShims, srcAlias } from './vite.config.ts';

export default defineConfig({
  test: {
    // Two files at once on 2 cores (vitest's default is the cores less one: one): the API suite's
    // two big files, every suite on PostgreSQL and on SQLite, run side by side. Every suite makes
    // its own databases, data folders, ports and Redis key prefix (docs/architecture.md, "The test
    // run's time").
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          // RJSF with the browser build's shims (vite.config.ts): forms are tested as they ship.
          alias: [...srcAlias, ...rjsfShims],
          server: { deps: { inline: [/@rjsf[\\/](core|utils)/] } },
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          alias: srcAlias,
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
