/**
 * Forms that are only recorded (issue 23): a copy of flows/ and schemas/ adds a "hardship" page
 * whose form the server only records (submit call recordForm): a schema, a flow file, a page file
 * and its texts, with no change under src/. Its submissions are validated as the form, kept with
 * the form's version, and read back through the API; another debtor's account is 404, a form no
 * page records is 404, and a recorded form that would hold an SSN stops the server from starting.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiValidators,
  call,
  REPO_ROOT,
  startServer,
  tempDir,
  type DatabaseFactory,
  type RunningServer,
} from './harness';
import { JOHN, MARIA, clearLockout, signIn, type ErrorBody } from './debtor-fixtures';

const text = (en: string, es: string) => ({ en, es });

/** Writes the hardship page into a copy of flows/ and schemas/ under `dir`. */
export function hardshipFixture(
  dir: string,
  extraField?: string,
): { flows: string; schemas: string } {
  const flows = path.join(dir, 'flows');
  const schemas = path.join(dir, 'schemas');
  cpSync(path.join(REPO_ROOT, 'flows'), flows, { recursive: true });
  cpSync(path.join(REPO_ROOT, 'schemas'), schemas, { recursive: true });
  const properties: Record<string, unknown> = {
    accountNumber: { type: 'string', pattern: '^[A-Za-z]{1,6}[0-9]\\.[0-9]{1,12}$' },
    monthlyIncome: { type: 'number', minimum: 0, maximum: 1000000 },
    reason: { type: 'string', enum: ['job-loss', 'illness', 'other'] },
    details: { type: 'string', maxLength: 500 },
  };
  if (extraField) properties[extraField] = { type: 'string' };
  writeFileSync(
    path.join(schemas, 'forms/hardship.schema.json'),
    JSON.stringify({
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: '/schemas/forms/hardship.json',
      type: 'object',
      additionalProperties: false,
      required: ['accountNumber', 'monthlyIncome', 'reason'],
      properties,
    }),
  );
  writeFileSync(
    path.join(flows, 'forms/hardship.json'),
    JSON.stringify({
      $schema: '../../schemas/meta/form-flow.schema.json',
      schema: 'forms/hardship',
      order: ['monthlyIncome', 'reason', 'details'],
      submit: text('Send', 'Enviar'),
      fields: {
        monthlyIncome: {
          widget: 'money',
          label: text('Monthly income', 'Ingreso mensual'),
          errors: {
            required: text('Please enter your monthly income.', 'Escriba su ingreso mensual.'),
          },
        },
        reason: {
          widget: 'radio',
          label: text('Why is it hard to pay now?', '¿Por qué le cuesta pagar ahora?'),
          options: {
            'job-loss': text('I lost my job', 'Perdí mi trabajo'),
            illness: text('Illness', 'Enfermedad'),
            other: text('Something else', 'Otra razón'),
          },
          errors: { required: text('Please choose a reason.', 'Elija una razón.') },
        },
        details: { widget: 'textarea', label: text('Anything else', 'Algo más') },
      },
      rules: [
        { effect: 'require', fields: ['details'], when: { '==': [{ var: 'reason' }, 'other'] } },
      ],
    }),
  );
  mkdirSync(path.join(flows, 'pages'), { recursive: true });
  writeFileSync(
    path.join(flows, 'pages/hardship.json'),
    JSON.stringify({
      $schema: '../../schemas/meta/page.schema.json',
      routes: [{ path: 'accounts/:accountNumber/hardship', access: 'account' }],
      data: { account: 'required' },
      notFound: '/',
      values: { accountNumber: { from: { var: 'account.accountNumber' } } },
      title: 'hardship.title',
      forms: [
        {
          form: 'hardship',
          prefill: { accountNumber: { var: 'account.accountNumber' } },
          submit: {
            call: 'recordForm',
            success: {
              toast: { title: 'hardship.done' },
              goTo: '/accounts/{{accountNumber}}',
            },
            failure: { alert: 'hardship.failed' },
          },
        },
      ],
    }),
  );
  writeFileSync(
    path.join(flows, 'texts/hardship.json'),
    JSON.stringify({
      $schema: '../../schemas/meta/texts.schema.json',
      title: text('Tell us about a hardship', 'Cuéntenos sobre una dificultad'),
      done: text('Thank you: we have your answers.', 'Gracias: recibimos sus respuestas.'),
      failed: text('We could not send your answers.', 'No pudimos enviar sus respuestas.'),
    }),
  );
  // Its names for people (issue 44): a catalogue file of its own beside flows/studio/names.json.
  const named = (en: string, es: string, aboutEn: string, aboutEs: string) => ({
    group: 'dashboard',
    name: text(en, es),
    description: text(aboutEn, aboutEs),
  });
  writeFileSync(
    path.join(flows, 'studio/names-hardship.json'),
    JSON.stringify({
      $schema: '../../schemas/meta/names.schema.json',
      kind: 'names',
      groups: [],
      files: [
        {
          file: 'forms/hardship.json',
          ...named(
            'Hardship form',
            'Formulario de dificultad',
            'The questions a debtor answers about a hardship',
            'Las preguntas que responde el deudor sobre una dificultad',
          ),
        },
        {
          file: 'pages/hardship.json',
          ...named(
            'Hardship page',
            'Página de dificultad',
            'How the hardship page is built',
            'Cómo se arma la página de dificultad',
          ),
        },
        {
          file: 'texts/hardship.json',
          ...named(
            'Hardship page texts',
            'Textos de la página de dificultad',
            'The heading and messages of the hardship page',
            'El título y los mensajes de la página de dificultad',
          ),
        },
      ],
      fields: [],
    }),
  );
  return { flows, schemas };
}

export function formRecordsSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`recorded forms on ${dialect}`, () => {
    const data = tempDir('form-records-');
    const schemas = apiValidators();
    let server: RunningServer;
    let shipped: RunningServer;
    let maria: string;
    let fixture: { flows: string; schemas: string };
    beforeAll(async () => {
      fixture = hardshipFixture(data.dir);
      server = await startServer(makeDatabase, {
        flowsDir: fixture.flows,
        schemasDir: fixture.schemas,
      });
      shipped = await startServer(makeDatabase);
      await clearLockout(server);
      maria = (await signIn(server, MARIA)).accessToken;
    });
    afterAll(async () => {
      await server?.close();
      await shipped?.close();
      data.remove();
    });

    const record = (body: unknown, token = maria, lang?: string, on = server) =>
      call<Record<string, unknown> & ErrorBody>(on, '/api/v2/Forms/Record', { token, body, lang });

    it("serves the browser the new form's validator module, made from its schema", async () => {
      const res = await fetch(`${server.url}/validators/hardship.js`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
      const code = await res.text();
      expect(code).not.toMatch(/^import /m);
      // It runs as the browser runs it: an ES module with no other module to load.
      const module = (await import(
        `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`
      )) as { schema: { $id: string }; validators: Record<string, (data: unknown) => boolean> };
      const validate = module.validators[module.schema.$id]!;
      expect(validate({ accountNumber: 'LU1.10001', monthlyIncome: 10, reason: 'other' })).toBe(
        true,
      );
      expect(validate({ accountNumber: 'LU1.10001', monthlyIncome: -1, reason: 'other' })).toBe(
        false,
      );
      // A built form, an unknown name and a path are not served.
      for (const file of [
        'dispute.js',
        'nope.js',
        '..%2Fpackage.json',
        'hardship',
        'HARDSHIP.js',
      ]) {
        const other = await fetch(`${server.url}/validators/${file}`);
        expect(other.status, file).toBe(404);
      }
      const shippedRes = await fetch(`${shipped.url}/validators/hardship.js`);
      expect(shippedRes.status).toBe(404);
    });

    it('adds the page as data only: the copy passes check:config', () => {
      const output = execFileSync(
        process.execPath,
        [
          '--import',
          'tsx',
          'scripts/check-config.ts',
          '--flows',
          fixture.flows,
          '--schemas',
          fixture.schemas,
        ],
        { cwd: REPO_ROOT, encoding: 'utf8' },
      );
      expect(output).toMatch(/check:config: \d+ files OK/);
    });

    it("keeps a recorded page's form, validated as the form, and reads it back", async () => {
      const res = await record({
        form: 'hardship',
        data: { accountNumber: 'LU1.10001', monthlyIncome: 1250.5, reason: 'job-loss' },
      });
      expect(res.status, res.text).toBe(200);
      expect(schemas.check('form-record', res.body)).toEqual([]);
      expect(res.body.confirmation).toMatch(/^REC-(?:[BCDFGHJKMNPQRSTVWXZ][2-9]){6}$/);
      expect(res.body.accountNumber).toBe('LU1.10001');
      expect(res.body.data).toEqual({
        accountNumber: 'LU1.10001',
        monthlyIncome: 1250.5,
        reason: 'job-loss',
      });
      const list = await call<Record<string, unknown>[]>(
        server,
        '/api/v2/Forms/Records?form=hardship&accountNumber=LU1.10001',
        { token: maria },
      );
      expect(list.status).toBe(200);
      expect(schemas.check('form-record-list', list.body)).toEqual([]);
      expect(list.body[0]).toMatchObject({
        confirmation: res.body.confirmation,
        formVersion: res.body.formVersion,
        data: { accountNumber: 'LU1.10001', monthlyIncome: 1250.5, reason: 'job-loss' },
      });
      // Another debtor sees none of them.
      const john = (await signIn(server, JOHN)).accessToken;
      const theirs = await call<unknown[]>(server, '/api/v2/Forms/Records?form=hardship', {
        token: john,
      });
      expect(theirs.body).toEqual([]);
    });

    it("answers the form's own errors in the caller's language, and keeps nothing", async () => {
      const missing = await record(
        { form: 'hardship', data: { accountNumber: 'LU1.10001', reason: 'other' } },
        maria,
        'es',
      );
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            path: '/data/monthlyIncome',
            keyword: 'required',
            message: 'Escriba su ingreso mensual.',
          }),
          // The flow's rule: details are required for another reason.
          expect.objectContaining({ path: '/data/details', keyword: 'required' }),
        ]),
      );
      const extra = await record({
        form: 'hardship',
        data: { accountNumber: 'LU1.10001', monthlyIncome: 1, reason: 'illness', ssn: '1234' },
      });
      expect(extra.status).toBe(400);
      const rows = await server.database.db
        .selectFrom('form_records')
        .select('data')
        .where('form', '=', 'hardship')
        .execute();
      expect(rows.every((row) => !row.data.includes('1234'))).toBe(true);
    });

    it("refuses another debtor's account like a missing one, and a form no page records", async () => {
      const foreign = await record({
        form: 'hardship',
        data: { accountNumber: 'LU1.20001', monthlyIncome: 1, reason: 'illness' },
      });
      const missing = await record({
        form: 'hardship',
        data: { accountNumber: 'LU1.99999', monthlyIncome: 1, reason: 'illness' },
      });
      expect(foreign.status).toBe(404);
      expect(foreign.text).toBe(missing.text);
      expect((await record({ form: 'dispute', data: {} })).status).toBe(404);
      // The shipped flows record no form.
      const shippedToken = (await signIn(shipped, MARIA)).accessToken;
      expect(
        (
          await record(
            { form: 'hardship', data: { accountNumber: 'LU1.10001' } },
            shippedToken,
            undefined,
            shipped,
          )
        ).status,
      ).toBe(404);
    });

    it('does not start with a recorded form that would keep an SSN', async () => {
      const unsafe = tempDir('form-records-unsafe-');
      try {
        const fixture = hardshipFixture(unsafe.dir, 'socialSecurityNumber');
        await expect(
          startServer(makeDatabase, { flowsDir: fixture.flows, schemasDir: fixture.schemas }),
        ).rejects.toThrow(/a recorded form may not have socialSecurityNumber/);
      } finally {
        unsafe.remove();
      }
    });
  });
}
