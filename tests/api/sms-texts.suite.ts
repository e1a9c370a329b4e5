/**
 * Texts within the law (issue 43) with real parts: the SMS sandbox provider is a real HTTP server
 * (src/server/messages/sms/sandbox.ts) that posts replies to the portal signed with the
 * `standardwebhooks` package, and the portal sends its confirmation texts to it over HTTP through
 * the HttpSmsProvider. Text consent is given the way a debtor gives it: by ticking "Send me text
 * messages" in the preferences.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSmsProvider, textsAllowed } from '../../src/server/messages/sms/provider';
import { startSmsSandbox, type SmsSandbox } from '../../src/server/messages/sms/sandbox';
import { signSmsWebhook } from '../../src/server/messages/sms/webhooks';
import { call, startServer, type DatabaseFactory, type RunningServer } from './harness';
import { clearLockout, MARIA, signIn, snapshotDemo } from './debtor-fixtures';

const PHONE = '+15552010001'; // Maria Garcia's mobile in the demo data (555-201-0001)

interface Debtor {
  debtorId?: number;
  email: string | null;
  communicationPrefs: { type: string; enabled: boolean }[];
}

export function smsTextsSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`texts: consent and stops on ${dialect}`, () => {
    let server: RunningServer;
    let sandbox: SmsSandbox;
    let restore: () => Promise<void>;
    let token: string;
    let debtorId: number;
    let email: string;
    const secret = `whsec_${randomBytes(24).toString('base64')}`;

    const allowed = () => textsAllowed(server.database.db, debtorId, PHONE);
    const confirmations = () => sandbox.sent(PHONE);
    const setTexts = async (texts: boolean, lang: 'en' | 'es') => {
      const res = await call<Debtor>(server, '/api/Debtor/SetCommunicationPreferences', {
        token,
        lang,
        body: { emails: true, emailAddress: email, letters: true, texts },
      });
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    const textsOn = (debtor: Debtor) =>
      debtor.communicationPrefs.find((p) => p.type === 'SMS')?.enabled;
    const reply = async (body: string) => {
      const status = await sandbox.inbound(PHONE, body);
      expect(status).toBe(200);
    };

    beforeAll(async () => {
      sandbox = await startSmsSandbox({ portalUrl: 'http://127.0.0.1:1', secret });
      server = await startServer(makeDatabase, {
        sms: { provider: new HttpSmsProvider(sandbox.url), webhookSecret: secret },
      });
      sandbox.setPortalUrl(server.url);
      restore = await snapshotDemo(server);
      await clearLockout(server);
      token = (await signIn(server, MARIA)).accessToken;
      const row = await server.database.db
        .selectFrom('debtors')
        .select(['id', 'email'])
        .where('last_name', '=', 'Garcia')
        .executeTakeFirstOrThrow();
      debtorId = row.id;
      email = row.email ?? 'maria@example.com';
    }, 120_000);

    afterAll(async () => {
      if (server) {
        const db = server.database.db;
        await db.deleteFrom('sms_consents').where('debtor_id', '=', debtorId).execute();
        await db.deleteFrom('sms_stops').where('phone_e164', '=', PHONE).execute();
        await restore?.();
        await server.close();
      }
      await sandbox?.close();
    });

    it('texts need recorded consent: none before the box is ticked', async () => {
      expect(await allowed()).toBe(false);
      const debtor = await setTexts(true, 'en');
      expect(textsOn(debtor)).toBe(true);
      expect(await allowed()).toBe(true);
      const consent = await server.database.db
        .selectFrom('sms_consents')
        .selectAll()
        .where('debtor_id', '=', debtorId)
        .executeTakeFirstOrThrow();
      expect(consent).toMatchObject({
        phone_e164: PHONE,
        statement_language: 'en',
        source: 'preferences',
        withdrawn_at: null,
      });
      expect(consent.statement_version).toMatch(/^v\d+-[0-9a-f]{12}$/);
      expect(Date.parse(consent.consented_at)).not.toBeNaN();
    });

    it('an ordinary reply changes nothing', async () => {
      await reply('when does it end?');
      await reply("I can't stop paying, can I pay Friday?");
      expect(await allowed()).toBe(true);
      expect(confirmations()).toEqual([]);
    });

    it('"STOP" stops texts to the number, with exactly one confirmation text', async () => {
      await reply('STOP');
      expect(await allowed()).toBe(false);
      expect(confirmations()).toHaveLength(1);
      expect(confirmations()[0]?.body).toContain('You will get no more text messages');
      expect(confirmations()[0]?.body).toMatch(/^MRS:/);
      // A second STOP (and a "Stop please") sends no second confirmation.
      await reply('STOP');
      await reply('Stop please');
      expect(confirmations()).toHaveLength(1);
      // The preferences page shows texts off: the only number was stopped.
      const debtor = await call<Debtor>(server, '/api/Account/Debtor?accountNumber=LU1.10001', {
        token,
      });
      expect(debtor.status, debtor.text).toBe(200);
      expect(textsOn(debtor.body)).toBe(false);
    });

    it('ticking the box again consents anew; "no más" stops again, confirmed in Spanish', async () => {
      const debtor = await setTexts(true, 'es');
      expect(textsOn(debtor)).toBe(true);
      expect(await allowed()).toBe(true);
      await reply('No más!');
      expect(await allowed()).toBe(false);
      expect(confirmations()).toHaveLength(2);
      expect(confirmations()[1]?.body).toContain('Ya no recibirá mensajes de texto');
      await reply('no mas');
      expect(confirmations()).toHaveLength(2);
    });

    it('unticking the box withdraws consent', async () => {
      await setTexts(true, 'en');
      expect(await allowed()).toBe(true);
      await setTexts(false, 'en');
      expect(await allowed()).toBe(false);
    });

    it('refuses forged, unsigned and stale webhooks (401), and bad bodies (400)', async () => {
      const body = JSON.stringify({
        type: 'message.inbound',
        data: {
          providerMessageId: 'x1',
          from: PHONE,
          to: '+15005550006',
          body: 'STOP',
          at: new Date().toISOString(),
        },
      });
      const post = (raw: string, headers: Record<string, string>) =>
        call<{ message: string }>(server, '/api/messages/sms/inbound', {
          rawBody: raw,
          session: null,
          headers,
        });
      const forged = `whsec_${randomBytes(24).toString('base64')}`;
      const refused = await post(body, signSmsWebhook(forged, 'msg_1', body));
      expect(refused.status).toBe(401);
      expect(refused.body.message).toMatch(/not signed/);
      expect((await post(body, {})).status).toBe(401);
      const old = new Date(Date.now() - 10 * 60 * 1000);
      expect((await post(body, signSmsWebhook(secret, 'msg_2', body, old))).status).toBe(401);
      // Tampered after signing.
      const signed = signSmsWebhook(secret, 'msg_3', body);
      expect((await post(body.replace('STOP', 'OK'), signed)).status).toBe(401);
      // Signed, but not the shape of a reply.
      const bad = JSON.stringify({ type: 'message.inbound', data: { from: '555', body: 1 } });
      expect((await post(bad, signSmsWebhook(secret, 'msg_4', bad))).status).toBe(400);
      expect((await post('not json', signSmsWebhook(secret, 'msg_5', 'not json'))).status).toBe(
        400,
      );
      // Nothing of it stopped anything or texted anyone.
      const stops = await server.database.db
        .selectFrom('sms_stops')
        .select('reply')
        .where('phone_e164', '=', PHONE)
        .executeTakeFirstOrThrow();
      expect(stops.reply).toBe('No más!');
      expect(confirmations()).toHaveLength(2);
    });

    it('the sandbox answers sends like a provider: idempotent by messageId, E.164 only', async () => {
      const provider = new HttpSmsProvider(sandbox.url);
      const first = await provider.send({ to: '+12125550100', body: 'Hi', messageId: 'm-1' });
      const again = await provider.send({ to: '+12125550100', body: 'Hi', messageId: 'm-1' });
      expect(again.providerMessageId).toBe(first.providerMessageId);
      expect(sandbox.sent('+12125550100')).toHaveLength(1);
      await expect(
        provider.send({ to: '2125550100', body: 'Hi', messageId: 'm-2' }),
      ).rejects.toThrow(/E\.164/);
    });
  });
}
