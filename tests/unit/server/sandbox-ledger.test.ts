import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type PortalDatabase } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { SandboxProcessor } from '../../../src/server/payments/sandbox';

describe("the sandbox processor's ledger", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-ledger-'));
  let database: PortalDatabase;
  let processor: SandboxProcessor;
  beforeAll(async () => {
    database = openDatabase({ dataDir: dir });
    await migrateToLatest(database.db);
    processor = new SandboxProcessor(database.db);
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('charges once per reference: a repeated charge returns the first result', async () => {
    const first = await processor.charge({
      token: 'sbx_card_ok_a',
      amountCents: 100,
      reference: 'R1',
    });
    const again = await processor.charge({
      token: 'sbx_card_ok_a',
      amountCents: 100,
      reference: 'R1',
    });
    expect(first.approved).toBe(true);
    expect(again).toEqual(first);
    const rows = await database.db
      .selectFrom('sandbox_charges')
      .selectAll()
      .where('reference', '=', 'R1')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('declines by the token, and remembers the decline', async () => {
    const declined = await processor.charge({
      token: 'sbx_card_nsf_b',
      amountCents: 100,
      reference: 'R2',
    });
    expect(declined).toEqual({ approved: false, code: 'Decline-InsufficientFunds' });
    expect(await processor.resolve('R2')).toEqual(declined);
  });

  it('resolves what happened: a charge it received, or a void that refuses a late charge', async () => {
    const approved = await processor.charge({
      token: 'sbx_card_ok_c',
      amountCents: 500,
      reference: 'R3',
    });
    expect(await processor.resolve('R3')).toEqual(approved);
    expect(await processor.resolve('R4')).toEqual({ approved: false, code: 'voided' });
    // The request that was thought lost arrives after all: it does not charge.
    expect(
      await processor.charge({ token: 'sbx_card_ok_d', amountCents: 500, reference: 'R4' }),
    ).toEqual({
      approved: false,
      code: 'voided',
    });
    expect(await processor.lookup('R5')).toBeNull();
  });
});
