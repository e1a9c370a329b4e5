/** The API suite on SQLite: a fresh data folder (portal.db) per run, removed afterwards. */
import path from 'node:path';
import { afterAll } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { tempDir } from './harness';
import { portalSuite } from './portal.suite';

const data = tempDir('portal-sqlite-');
afterAll(() => data.remove());

portalSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
