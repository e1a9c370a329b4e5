// @vitest-environment jsdom
/**
 * The account page's dispute notice (issue 42): the status the agency last set and its day, in
 * English and Spanish, from flows/texts/account.json; no notice without a status.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { splitLocales, type LocalizedTree } from '../../../src/engine/i18n/split';
import { AccountNotices } from '../../../src/web/features/accounts/components/account-notices';
import type { AccountDetailed } from '../../../src/web/api/account-detailed';

const accountTexts = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../flows/texts/account.json'), 'utf8'),
) as LocalizedTree;

let i18n: I18n;
beforeAll(async () => {
  const { $schema: _schema, ...texts } = accountTexts;
  const locales = splitLocales({ account: texts as LocalizedTree });
  i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: locales.en }, es: { translation: locales.es } },
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

const data = (dispute: { status: string; date: string } | null) =>
  ({
    account: { isClosed: false, statementDate: null, dispute },
    arrangements: [],
    transactions: [],
  }) as unknown as AccountDetailed;

const show = async (language: string, dispute: { status: string; date: string } | null) => {
  await i18n.changeLanguage(language);
  render(
    <I18nextProvider i18n={i18n}>
      <AccountNotices data={data(dispute)} phone="8005550100" modifiable={null} covered={[]} />
    </I18nextProvider>,
  );
};

describe('the dispute notice', () => {
  it('says the status and its day in English', async () => {
    await show('en', { status: 'under-review', date: '2026-11-20' });
    expect(screen.getByTestId('notice-dispute').textContent).toBe(
      'Your dispute Your dispute has been under review since November 20, 2026.',
    );
  });

  it('says the status and its day in Spanish', async () => {
    await show('es', { status: 'verified', date: '2026-11-20' });
    expect(screen.getByTestId('notice-dispute').textContent).toBe(
      'Su disputa Revisamos su disputa y verificamos la deuda el 20 de noviembre de 2026.',
    );
  });

  it('is not shown without a status', async () => {
    await show('en', null);
    expect(screen.queryByTestId('notice-dispute')).toBeNull();
  });
});
