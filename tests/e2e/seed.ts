/**
 * The end-to-end server's data: the demo data, then the payment tests' own debtors
 * (tests/e2e/payment-data.ts), imported into DATA_DIR before `src/server/main.ts` starts on it.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { paymentImport } from './payment-data';

const root = path.resolve(import.meta.dirname, '../..');
const file = path.join(tmpdir(), `portal-e2e-payments-${process.pid}.json`);
writeFileSync(file, JSON.stringify(paymentImport()));
for (const data of [path.join(root, 'demo/demo-data.json'), file]) {
  execFileSync('npx', ['tsx', path.join(root, 'scripts/db-import.ts'), data], {
    stdio: 'inherit',
    env: process.env,
  });
}
