/**
 * Debtor calls: Account/Debtor, Account/ListIds, contact details (both names of the call), phone
 * numbers, communication preferences, and letters (list, PDF). Each validation error carries the
 * flow's own text in English and Spanish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiValidators,
  call,
  startServer,
  type DatabaseFactory,
  type RunningServer,
} from './harness';
import {
  ACME,
  FAMILIES,
  JOHN,
  MARIA,
  letterSignIn,
  messageAt,
  pdfLines,
  signIn,
  snapshotDemo,
  type ErrorBody,
  clearLockout,
} from './debtor-fixtures';

const schemas = apiValidators();

interface DebtorBody {
  firstName: string | null;
  lastName: string;
  addressLine1: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  email: string | null;
  phones: { phoneNumber: string; type: string }[];
  communicationPrefs: { type: string; enabled: boolean; preferred: boolean }[];
  allowSms: boolean;
  allowEmail: boolean;
}

const mariaDetails = {
  firstName: 'Maria',
  lastName: 'Garcia',
  addressLine1: '500 Elm St',
  addressLine2: '',
  city: 'Chicago',
  state: 'il',
  zip: '60601',
  email: 'maria.new@example.com',
};

export function debtorSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`debtor calls on ${dialect}`, () => {
    let server: RunningServer;
    let restore: () => Promise<void>;
    let maria: string;
    let john: string;
    let letter: string;

    beforeAll(async () => {
      server = await startServer(makeDatabase);
      await clearLockout(server);
      restore = await snapshotDemo(server);
      maria = (await signIn(server, MARIA)).accessToken;
      john = (await signIn(server, JOHN)).accessToken;
      letter = (await letterSignIn(server)).accessToken;
    });
    afterAll(async () => {
      await restore?.();
      await server?.close();
    });

    it('returns the debtor of an own account and 404 for another debtor or a hidden one', async () => {
      for (const family of FAMILIES) {
        const res = await call<DebtorBody>(
          server,
          `${family}/Account/Debtor?accountNumber=LU1.10002`,
          {
            token: maria,
          },
        );
        expect(res.status, res.text).toBe(200);
        expect(schemas.check('debtor', res.body)).toEqual([]);
        expect(res.body.firstName).toBe('Maria');
        for (const number of ['LU1.20001', 'LU1.10004', 'LU9.99999']) {
          const other = await call(server, `${family}/Account/Debtor?accountNumber=${number}`, {
            token: maria,
          });
          expect(other.status, number).toBe(404);
        }
        expect((await call(server, `${family}/Account/Debtor`, { token: maria })).status).toBe(400);
        expect(
          (
            await call(server, `${family}/Account/Debtor?accountNumber=LU1.10001`, {
              token: letter,
            })
          ).status,
        ).toBe(403);
      }
    });

    it('lists the viewable account numbers', async () => {
      for (const family of FAMILIES) {
        const res = await call<string[]>(server, `${family}/Account/ListIds`, { token: maria });
        expect(res.status).toBe(200);
        expect(schemas.check('account-id-list', res.body)).toEqual([]);
        expect(res.body).toEqual(['LU1.10001', 'LU1.10002', 'LU1.10003']);
        const johns = await call<string[]>(server, `${family}/Account/ListIds`, { token: john });
        expect(johns.body).toEqual(['LU1.20001']);
        expect((await call(server, `${family}/Account/ListIds`, { token: letter })).status).toBe(
          403,
        );
        expect((await call(server, `${family}/Account/ListIds`)).status).toBe(401);
      }
    });

    describe('contact details', () => {
      const paths = ['/Account/UpdateDebtorDetails', '/Debtor/ChangeDebtorDetails'];

      it('updates the address and e-mail under both names, in both families', async () => {
        for (const family of FAMILIES) {
          for (const [i, route] of paths.entries()) {
            const city = `Chicago ${family.length}${i}`;
            const res = await call<DebtorBody>(server, `${family}${route}`, {
              token: maria,
              body: { ...mariaDetails, city },
            });
            expect(res.status, res.text).toBe(200);
            expect(schemas.check('debtor', res.body)).toEqual([]);
            expect(res.body).toMatchObject({
              firstName: 'Maria',
              lastName: 'Garcia',
              addressLine1: '500 Elm St',
              city,
              state: 'IL',
              zip: '60601',
              email: 'maria.new@example.com',
            });
          }
        }
        const changes = await server.database.db
          .selectFrom('debtor_detail_changes')
          .selectAll()
          .execute();
        expect(changes.length).toBeGreaterThanOrEqual(4);
        expect(changes.every((c) => !c.fields.includes('Elm'))).toBe(true);
      });

      it('adds the new phone numbers given with the details, once each', async () => {
        const before = await call<DebtorBody>(server, '/api/Debtor/PrimaryDebtorInfo', {
          token: maria,
        });
        const onFile = before.body.phones.map((p) => p.phoneNumber);
        const phones = [...onFile, '3125550199', '3125550198', ''];
        for (const attempt of [1, 2]) {
          const res = await call<DebtorBody>(server, '/api/Account/UpdateDebtorDetails', {
            token: maria,
            body: { ...mariaDetails, phones },
          });
          expect(res.status, `${attempt}: ${res.text}`).toBe(200);
          expect(res.body.phones.map((p) => p.phoneNumber).sort()).toEqual(
            [...onFile, '3125550199', '3125550198'].sort(),
          );
        }
      });

      it('refuses a changed name with the flow text', async () => {
        const res = await call<ErrorBody>(server, '/api/Account/UpdateDebtorDetails', {
          token: maria,
          body: { ...mariaDetails, firstName: 'Mary', lastName: 'Smith' },
        });
        expect(res.status).toBe(400);
        expect(messageAt(res.body, '/firstName')).toBe('Please contact us to change your name');
        expect(messageAt(res.body, '/lastName')).toBe('Please contact us to change your name');
        const es = await call<ErrorBody>(server, '/api/Account/UpdateDebtorDetails', {
          token: maria,
          lang: 'es',
          body: { ...mariaDetails, firstName: 'Mary' },
        });
        expect(messageAt(es.body, '/firstName')).toBe(
          'Para cambiar su nombre, comuníquese con nosotros',
        );
      });

      it.each([
        [
          'firstName',
          { firstName: undefined },
          'First name is required',
          'El nombre es obligatorio',
        ],
        ['lastName', { lastName: '' }, 'Last name is required', 'El apellido es obligatorio'],
        [
          'addressLine1',
          { addressLine1: ' ' },
          'Address is required',
          'La dirección es obligatoria',
        ],
        ['city', { city: undefined }, 'City is required', 'La ciudad es obligatoria'],
        ['state', { state: '' }, 'State is required', 'El estado es obligatorio'],
        [
          'state',
          { state: 'ILL' },
          'State must be a 2 character abbreviation',
          'El estado debe ser una abreviatura de 2 caracteres',
        ],
        [
          'state',
          { state: 'I1' },
          'State must only contain letters',
          'El estado solo debe contener letras',
        ],
        [
          'zip',
          { zip: '606' },
          'ZIP code must be at least 5 characters',
          'El código postal debe tener al menos 5 caracteres',
        ],
        [
          'phones/1',
          { phones: ['5552010001', '312555'] },
          'Phone number must be at least 10 digits',
          'El número de teléfono debe tener al menos 10 dígitos',
        ],
        [
          'email',
          { email: undefined },
          'Email is required',
          'El correo electrónico es obligatorio',
        ],
        ['email', { email: 'maria@' }, 'Email is invalid', 'El correo electrónico no es válido'],
      ])('rejects a bad %s with the spec text', async (field, change, en, es) => {
        for (const [lang, text] of [
          ['en', en],
          ['es', es],
        ] as const) {
          const res = await call<ErrorBody>(server, '/api/Debtor/ChangeDebtorDetails', {
            token: maria,
            lang,
            body: { ...mariaDetails, ...change },
          });
          expect(res.status, res.text).toBe(400);
          expect(messageAt(res.body, `/${field}`), res.text).toBe(text);
        }
      });

      it('rejects unknown fields and non-object bodies', async () => {
        const extra = await call<ErrorBody>(server, '/api/Debtor/ChangeDebtorDetails', {
          token: maria,
          body: { ...mariaDetails, ssn: '1234' },
        });
        expect(extra.status).toBe(400);
        const list = await call(server, '/api/Debtor/ChangeDebtorDetails', {
          token: maria,
          body: [],
        });
        expect(list.status).toBe(400);
      });

      it('lets a business (no first name) update its details', async () => {
        const acme = (await signIn(server, ACME)).accessToken;
        const res = await call<DebtorBody>(server, '/api/Debtor/ChangeDebtorDetails', {
          token: acme,
          body: {
            lastName: 'Acme Supply LLC',
            businessName: 'Acme Supply LLC',
            addressLine1: '2 Industrial Pkwy',
            city: 'Reno',
            state: 'NV',
            zip: '89501-1234',
            email: 'billing@acme-supply.example.com',
          },
        });
        expect(res.status, res.text).toBe(200);
        expect(res.body.addressLine1).toBe('2 Industrial Pkwy');
        expect(res.body.firstName).toBeNull();
      });

      it('needs an account token', async () => {
        expect(
          (await call(server, '/api/Debtor/ChangeDebtorDetails', { body: mariaDetails })).status,
        ).toBe(401);
        expect(
          (
            await call(server, '/api/Debtor/ChangeDebtorDetails', {
              body: mariaDetails,
              token: letter,
            })
          ).status,
        ).toBe(403);
      });
    });

    describe('phone numbers', () => {
      it('adds a phone once, in both families', async () => {
        for (const family of FAMILIES) {
          const res = await call<DebtorBody>(server, `${family}/Debtor/AddPhoneNumber`, {
            token: john,
            body: { phoneNumber: '6145550123', type: 'work' },
          });
          expect(res.status, res.text).toBe(200);
          expect(res.body.phones.filter((p) => p.phoneNumber === '6145550123')).toEqual([
            { phoneNumber: '6145550123', type: 'work' },
          ]);
        }
        const rows = await server.database.db
          .selectFrom('debtor_phone_additions')
          .selectAll()
          .where('phone_number', '=', '6145550123')
          .execute();
        expect(rows.length).toBe(1);
      });

      it('rejects a short or missing number with the spec text', async () => {
        const short = await call<ErrorBody>(server, '/api/Debtor/AddPhoneNumber', {
          token: john,
          body: { phoneNumber: '614555' },
        });
        expect(short.status).toBe(400);
        expect(messageAt(short.body, '/phoneNumber')).toBe(
          'Phone number must be at least 10 digits',
        );
        const missing = await call<ErrorBody>(server, '/api/Debtor/AddPhoneNumber', {
          token: john,
          body: {},
        });
        expect(messageAt(missing.body, '/phoneNumber')).toBe('Phone number is required');
        const type = await call<ErrorBody>(server, '/api/Debtor/AddPhoneNumber', {
          token: john,
          body: { phoneNumber: '6145550124', type: 'fax' },
        });
        expect(messageAt(type.body, '/type')).toBe('Please choose a phone type.');
      });

      it('stops at 10 phone numbers', async () => {
        const anna = (
          await signIn(server, {
            lastName: 'Lee',
            option1: 'DateOfBirth',
            option2: 'Phone',
            option3: 'SocialSecurityNumber',
            dateOfBirth: '1990-03-03',
            phone: '5552010003',
            socialSecurityNumber: '4321',
          })
        ).accessToken;
        let last = 0;
        for (let i = 0; i < 10; i += 1) {
          last = (
            await call(server, '/api/Debtor/AddPhoneNumber', {
              token: anna,
              body: { phoneNumber: `51255501${String(i).padStart(2, '0')}` },
            })
          ).status;
          if (last !== 200) break;
        }
        expect(last).toBe(400);
        const res = await call<ErrorBody>(server, '/api/Debtor/AddPhoneNumber', {
          token: anna,
          body: { phoneNumber: '5125559999' },
        });
        expect(messageAt(res.body, '/phoneNumber')).toBe(
          'You cannot add more phone numbers. Please contact us.',
        );

        // The contact-information form sends the numbers on file first, then the new ones.
        const info = await call<DebtorBody>(server, '/api/Debtor/PrimaryDebtorInfo', {
          token: anna,
        });
        const onFile = info.body.phones.map((p) => p.phoneNumber);
        expect(onFile.length).toBe(10);
        const details = {
          firstName: info.body.firstName ?? undefined,
          lastName: info.body.lastName,
          addressLine1: '1 Oak St',
          city: 'Austin',
          state: 'TX',
          zip: '73301',
          email: 'anna@example.com',
        };
        for (const [lang, text] of [
          ['en', 'You cannot add more phone numbers. Please contact us.'],
          ['es', 'No puede agregar más números de teléfono. Comuníquese con nosotros.'],
        ] as const) {
          const more = await call<ErrorBody>(server, '/api/Debtor/ChangeDebtorDetails', {
            token: anna,
            lang,
            body: { ...details, phones: [...onFile, '5125559999'] },
          });
          expect(more.status, more.text).toBe(400);
          expect(messageAt(more.body, '/phones')).toBe(text);
        }
        const same = await call<DebtorBody>(server, '/api/Debtor/ChangeDebtorDetails', {
          token: anna,
          body: { ...details, phones: onFile },
        });
        expect(same.status, same.text).toBe(200);
        expect(same.body.phones.length).toBe(10);
      });
    });

    describe('communication preferences', () => {
      it('sets the channels the debtor allows', async () => {
        for (const family of FAMILIES) {
          const res = await call<DebtorBody>(
            server,
            `${family}/Debtor/SetCommunicationPreferences`,
            {
              token: maria,
              body: {
                emails: false,
                letters: true,
                texts: true,
                emailAddress: 'maria.prefs@example.com',
              },
            },
          );
          expect(res.status, res.text).toBe(200);
          const prefs = Object.fromEntries(res.body.communicationPrefs.map((p) => [p.type, p]));
          expect(prefs.email?.enabled).toBe(false);
          expect(prefs.SMS?.enabled).toBe(true);
          expect(prefs.letter?.enabled).toBe(true);
          expect(prefs.email?.preferred).toBe(false);
          expect(res.body.email).toBe('maria.prefs@example.com');
        }
        const rows = await server.database.db
          .selectFrom('preference_changes')
          .selectAll()
          .execute();
        expect(rows.length).toBeGreaterThanOrEqual(2);
      });

      it('refuses a channel the debtor does not allow (John: no e-mail)', async () => {
        const res = await call<ErrorBody>(server, '/api/Debtor/SetCommunicationPreferences', {
          token: john,
          body: { emails: true, letters: true, texts: false, emailAddress: 'john@example.com' },
        });
        expect(res.status).toBe(400);
        expect(messageAt(res.body, '/emails')).toBe(
          'This option is not available for your account.',
        );
        // Without the e-mail channel, e-mail fields do not count (hidden by the flow).
        const ok = await call<DebtorBody>(server, '/api/Debtor/SetCommunicationPreferences', {
          token: john,
          body: { emails: false, letters: false, texts: true },
        });
        expect(ok.status, ok.text).toBe(200);
      });

      it('requires a valid e-mail address when e-mail is allowed', async () => {
        const missing = await call<ErrorBody>(server, '/api/Debtor/SetCommunicationPreferences', {
          token: maria,
          body: { emails: true, letters: true, texts: false },
        });
        expect(missing.status).toBe(400);
        expect(messageAt(missing.body, '/emailAddress')).toBe('Email is required');
        const bad = await call<ErrorBody>(server, '/api/Debtor/SetCommunicationPreferences', {
          token: maria,
          lang: 'es',
          body: { emails: true, letters: true, texts: false, emailAddress: 'nope' },
        });
        expect(messageAt(bad.body, '/emailAddress')).toBe('El correo electrónico no es válido');
      });
    });

    describe('letters', () => {
      it('lists the letters of an own account (account role only)', async () => {
        for (const family of FAMILIES) {
          const res = await call<{ letterId: number; optionCount: number }[]>(
            server,
            `${family}/Account/Letters?accountNumber=LU1.10001`,
            { token: maria },
          );
          expect(res.status, res.text).toBe(200);
          expect(schemas.check('letter-list', res.body)).toEqual([]);
          expect(res.body.map((l) => l.letterId)).toEqual([57, 41]);
          expect(res.body[0]?.optionCount).toBe(3);
          const none = await call<unknown[]>(
            server,
            `${family}/Account/Letters?accountNumber=LU1.10002`,
            {
              token: maria,
            },
          );
          expect(none.body).toEqual([]);
          expect(
            (
              await call(server, `${family}/Account/Letters?accountNumber=LU1.10001`, {
                token: john,
              })
            ).status,
          ).toBe(404);
          expect(
            (
              await call(server, `${family}/Account/Letters?accountNumber=LU1.10001`, {
                token: letter,
              })
            ).status,
          ).toBe(403);
        }
      });

      it('returns a letter as a PDF to its letter token and to its owner, in en and es', async () => {
        for (const family of FAMILIES) {
          for (const token of [maria, letter]) {
            const res = await call(server, `${family}/Account/ByteLetter`, {
              token,
              body: { accountNumber: 'LU1.10001', letterId: 57 },
            });
            expect(res.status, res.text).toBe(200);
            expect(res.headers.get('content-type')).toBe('application/pdf');
            const lines = await pdfLines(res);
            expect(lines).toContain('Settlement offer');
            expect(lines).toContain('Offer code: LU1.10001.57');
            expect(lines).toContain('Maria Garcia');
            expect(lines.filter((l) => l.startsWith('Option '))).toHaveLength(3);
            expect(lines).toContain('This is a communication from a debt collector.');
          }
        }
        const es = await call(server, '/api/Account/ByteLetter', {
          token: maria,
          lang: 'es',
          body: { accountNumber: 'LU1.10001', letterId: 57 },
        });
        const lines = await pdfLines(es);
        expect(lines).toContain('Oferta de liquidación');
        expect(lines).toContain('Código de oferta: LU1.10001.57');
        expect(lines.some((l) => l.startsWith('Opción 1: pague'))).toBe(true);
      });

      it('answers 404 for a letter the token may not open, 400 for a bad body', async () => {
        const cases: [string, Record<string, unknown>][] = [
          [letter, { accountNumber: 'LU1.10001', letterId: 41 }],
          [john, { accountNumber: 'LU1.10001', letterId: 57 }],
          [maria, { accountNumber: 'LU1.10002', letterId: 57 }],
        ];
        for (const [token, body] of cases) {
          const res = await call<ErrorBody>(server, '/api/Account/ByteLetter', { token, body });
          expect(res.status, JSON.stringify(body)).toBe(404);
          expect(res.body.message).toBe(
            'The offer code you entered was not found. Please try again.',
          );
        }
        const bad = await call(server, '/api/Account/ByteLetter', {
          token: maria,
          body: { accountNumber: 'LU1.10001' },
        });
        expect(bad.status).toBe(400);
        expect(
          (
            await call(server, '/api/Account/ByteLetter', {
              body: { accountNumber: 'LU1.10001', letterId: 57 },
            })
          ).status,
        ).toBe(401);
      });
    });
  });
}
