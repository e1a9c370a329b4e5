import { defineConfig } from 'vitest/config';
import { rjsfShims, srcAlias } from './vite.config.ts';

export default defineConfig({
  test: {
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
          // Files run side by side (one worker per core): the SQLite file is one busy Node thread,
          // the PostgreSQL file's Node thread waits on the database's processes half the time, so
          // on two cores the two files together take about as long as the longer one alone. Each
          // suite makes its own databases, folders and ports (port 0), so nothing is shared.
        },
      },
    ],
  },
});
