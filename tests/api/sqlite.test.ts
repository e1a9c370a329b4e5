/** The API suite on SQLite: a fresh data folder (portal.db) per run, removed afterwards. */
import path from 'node:path';
import { afterAll } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { tempDir } from './harness';
import { fundingSuite } from './funding.suite';
import { importSuite } from './import.suite';
import { importStreamSuite } from './import-stream.suite';
import { paymentsSuite } from './payments.suite';
import { plansSuite } from './plans.suite';
import { planCalendarSuite } from './plan-calendar.suite';
import { planChangesSuite } from './plan-changes.suite';
import { portalSuite } from './portal.suite';
import { authSuite } from './auth.suite';
import { badInputSuite } from './bad-input.suite';
import { contentSuite } from './content.suite';
import { contentDeploySuite } from './content-deploy.suite';
import { contractSuite } from './contract.suite';
import { crashSuite } from './crash.suite';
import { serverSecretSuite } from './server-secret.suite';
import { studioAnswersSuite } from './studio-answers';
import { studioCookiesSuite } from './studio-cookies.suite';
import { authzSuite } from './authz.suite';
import { debtorSuite } from './debtor.suite';
import { formsSuite } from './forms.suite';
import { formRecordsSuite } from './form-records.suite';
import { guestSuite } from './guest.suite';
import { eventsSuite } from './events.suite';
import { agencyExportSuite } from './agency-export.suite';
import { paymentEventsSuite } from './payment-events.suite';
import { webhooksSuite } from './webhooks.suite';
import { hardeningSuite } from './hardening.suite';
import { identitySuite } from './identity.suite';
import { sessionLimitsSuite } from './session-limits.suite';
import { studioAuthSuite } from './studio-auth.suite';
import { lockoutProcessesSuite, lockoutSuite } from './lockout.suite';
import { studioContentSuite } from './studio-content.suite';
import { studioEvidenceSuite } from './studio-evidence.suite';
import { studioActivitySuite } from './studio-activity.suite';
import { evidenceAppendOnlySuite } from './evidence-append-only.suite';
import { studioPreviewSuite } from './studio-preview.suite';
import { studioInvitationsSuite } from './studio-invitations.suite';
import { documentsSuite } from './documents.suite';
import { freeTextSuite } from './free-text.suite';
import { openApiSuite } from './openapi.suite';
import { specShapesSuite } from './spec-shapes.suite';
import { overviewSuite } from './overview.suite';
import { roundTripsSuite } from './roundtrips.suite';
import { paymentRoundTripsSuite } from './payment-roundtrips.suite';
import { sqliteBusySuite } from './unavailable.suite';

const data = tempDir('portal-sqlite-');
afterAll(() => data.remove());

// Before the portal suite, whose lockout tests lock demo identities for 15 minutes.
overviewSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
roundTripsSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
paymentRoundTripsSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
portalSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
authSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
debtorSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
formsSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
formRecordsSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
guestSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
eventsSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
agencyExportSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
paymentEventsSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
webhooksSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
openApiSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
authzSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
paymentsSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
fundingSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
plansSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
planCalendarSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
planChangesSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
importSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
importStreamSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
specShapesSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
hardeningSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
badInputSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
identitySuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
sessionLimitsSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
studioAuthSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
lockoutSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
lockoutProcessesSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
studioContentSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
studioEvidenceSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
studioActivitySuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
evidenceAppendOnlySuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
studioPreviewSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
studioInvitationsSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
documentsSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
freeTextSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
serverSecretSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
studioCookiesSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
// After the studio suites: every studio answer they got was checked against its schema.
studioAnswersSuite('SQLite');
sqliteBusySuite(path.join(data.dir, 'busy'), () =>
  openDatabase({ dataDir: path.join(data.dir, 'busy') }),
);
contentSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
contentDeploySuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
// Last: checks every answer the suites above received against the OpenAPI document.
contractSuite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));
// Its own database, used by server processes it starts and kills.
crashSuite('SQLite', () => {
  const dataDir = path.join(data.dir, 'crash');
  return Promise.resolve({ env: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }) });
});
