/**
 * Issue 42's "Done when": a payment made in the browser reaches the agency exactly once, with its
 * confirmation code and amount, each of three ways:
 *   (a) the events feed, read with an agency key made by `npm run agency:key`;
 *   (b) a webhook receiver started here, registered by an admin through the studio API, which
 *       verifies each delivery's signature with the `standardwebhooks` package and fails the
 *       first 3 deliveries of the account's events (the portal retries them with backoff);
 *   (c) the day's payments.csv written by `npm run agency:export`.
 * The scripts run as an agency runs them, on the e2e server's data folder.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { Webhook } from 'standardwebhooks';
import { AGENCY_TIME_ZONE, todayInAgencyZone } from '../../src/domain/dates';
import { expect, test } from './fixtures';
import {
  acceptDisclosures,
  chooseMethod,
  confirm,
  continueFrom,
  signInSlot,
  startFromAccount,
} from './payment-helpers';
import { addStaff, root, signIn as staffSignIn, staffPage } from './studio-helpers';

interface AgencyEvent {
  id: string;
  cursor: number;
  type: string;
  accountNumber: string | null;
  data: { confirmation?: string | null; amountCents?: number };
}

/** Runs a script of the repository on the e2e server's data folder; answers its stdout. */
function script(file: string, args: string[]): string {
  return execFileSync('npx', ['tsx', file, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
  });
}

/**
 * A receiver of the portal's webhooks: verifies each signature with the endpoint's secret (given
 * once the endpoint is registered, before anything can be sent to it) and answers 503 to the
 * first `failures` deliveries of `account`'s events.
 */
function startReceiver(account: string, failures: number) {
  let verifier: Webhook | undefined;
  const accepted: { webhookId: string; event: AgencyEvent }[] = [];
  const refused: string[] = [];
  let badSignatures = 0;
  let failed = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(request.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
      };
      if (!verifier) {
        // Registered a moment ago and the secret not yet read: not ready, send it again later.
        response.writeHead(503).end();
        return;
      }
      let event: AgencyEvent;
      try {
        event = verifier.verify(body, headers) as AgencyEvent;
      } catch {
        badSignatures += 1;
        response.writeHead(400).end();
        return;
      }
      if (event.accountNumber === account && failed < failures) {
        failed += 1;
        refused.push(headers['webhook-id']);
        response.writeHead(503).end();
        return;
      }
      accepted.push({ webhookId: headers['webhook-id'], event });
      response.writeHead(204).end();
    });
  });
  return {
    accepted,
    refused,
    useSecret: (secret: string) => {
      verifier = new Webhook(secret);
    },
    badSignatures: () => badSignatures,
    listen: () =>
      new Promise<string>((resolve) => {
        server.listen(0, '127.0.0.1', () => {
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`);
        });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const isPaymentOf = (code: string) => (event: AgencyEvent) =>
  event.type.startsWith('payment.') && event.data.confirmation === code;

test('a payment made in the browser reaches the feed, a webhook and the day file once each', async ({
  page,
  browser,
}) => {
  // Three refused deliveries, retried with exponential backoff: the e2e server starts with
  // WEBHOOK_RETRY_BASE_MS=1000 (playwright.config.ts), so 1 s, 2 s, 4 s (±25%) instead of 30 s.
  test.setTimeout(3 * 60_000);
  const slot = await signInSlot(page, 'agency-connection');
  const account = slot.accounts.open!;

  // The admin registers the receiver's endpoint in the studio; the secret is shown once.
  const admin = addStaff('admin', 'Agency Admin');
  const studio = await staffPage(browser);
  await staffSignIn(studio, admin);
  const me = await studio.request.get('/studio/api/me');
  expect(me.status()).toBe(200);
  const { csrfToken: csrf } = (await me.json()) as { csrfToken: string };
  const receiver = startReceiver(account, 3);
  const url = await receiver.listen();
  const created = await studio.request.post('/studio/api/webhooks', {
    headers: { 'X-CSRF-Token': csrf },
    data: { url, description: 'e2e agency receiver' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { endpoint, secret } = (await created.json()) as {
    endpoint: { id: string };
    secret: string;
  };
  receiver.useSecret(secret);

  // The agency's key, made as an agency makes it.
  const key = script('scripts/agency-key.ts', ['--name', `e2e ${Date.now()}`]).trim();
  expect(key).toMatch(/^pak_/);

  // The payment, in the browser.
  await startFromAccount(page, account, 'one-time');
  await page.locator('#payment-arrangement_amount').fill('75');
  await continueFrom(page, 'arrangement', 'contact-details');
  await continueFrom(page, 'contact-details', 'funding');
  await chooseMethod(page, 'Visa ****1111');
  await continueFrom(page, 'funding', 'disclosure');
  await acceptDisclosures(page);
  const code = await confirm(page);

  try {
    // (a) The feed, page by page from cursor 0.
    const feed: AgencyEvent[] = [];
    for (let after = 0; ;) {
      const res = await page.request.get(`/api/agency/v1/events?after=${after}&limit=500`, {
        headers: { Authorization: `Bearer ${key}` },
      });
      expect(res.status()).toBe(200);
      const body = (await res.json()) as {
        data: AgencyEvent[];
        nextCursor: number;
        hasMore: boolean;
      };
      feed.push(...body.data);
      after = body.nextCursor;
      if (!body.hasMore) break;
    }
    const inFeed = feed.filter(isPaymentOf(code));
    expect(inFeed).toHaveLength(1);
    expect(inFeed[0]).toMatchObject({ accountNumber: account, data: { amountCents: 7500 } });
    const eventId = inFeed[0]!.id;

    // (b) The webhook: refused 3 times, then delivered once, signature verified.
    await expect
      .poll(() => receiver.accepted.filter((d) => isPaymentOf(code)(d.event)).length, {
        timeout: 2 * 60_000,
        intervals: [2000],
      })
      .toBeGreaterThan(0);
    // A moment more: a delivery already accepted is not sent again.
    await page.waitForTimeout(3000);
    const delivered = receiver.accepted.filter((d) => isPaymentOf(code)(d.event));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.event).toMatchObject({
      id: eventId,
      accountNumber: account,
      data: { confirmation: code, amountCents: 7500 },
    });
    expect(receiver.refused).toHaveLength(3);
    expect(receiver.badSignatures()).toBe(0);

    // (c) The day's files.
    const dir = mkdtempSync(path.join(tmpdir(), 'agency-export-e2e-'));
    try {
      const zone = process.env.PORTAL_TIME_ZONE ?? AGENCY_TIME_ZONE;
      const day = todayInAgencyZone(new Date(), zone);
      script('scripts/agency-export.ts', ['--date', day, dir]);
      const rows = parse(readFileSync(path.join(dir, 'payments.csv')), {
        columns: true,
      }) as Record<string, string>[];
      const inFile = rows.filter(
        (r) => r.confirmation === code && (r.type ?? '').startsWith('payment.'),
      );
      expect(inFile).toHaveLength(1);
      expect(inFile[0]).toMatchObject({
        event_id: eventId,
        account_number: account,
        amount_cents: '7500',
        agency_date: day,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    await studio.request.post(`/studio/api/webhooks/${endpoint.id}/disable`, {
      headers: { 'X-CSRF-Token': csrf },
    });
    await receiver.close();
  }
});
