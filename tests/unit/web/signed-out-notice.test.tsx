// @vitest-environment jsdom
/**
 * The sign-in page's word on why the last session ended: the text per reason and language, with
 * the limits of the page config; said once; and a page the server drew (without it) taken over
 * with no hydration mismatch.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReactNode } from 'react';
import { splitLocales, type LocalizedTree } from '../../../src/engine/i18n/split';
import { setPortalConfig, type PortalConfig } from '../../../src/web/lib/config';
import { rememberSignOutReason, signOutReason } from '../../../src/web/lib/session';
import { SignedOutNotice } from '../../../src/web/features/sign-in/components/signed-out-notice';
import { signedOutMessage } from '../../../src/web/features/sign-in/utils/signed-out-message';

const signInTexts = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../flows/texts/sign-in.json'), 'utf8'),
) as LocalizedTree;

const config = (session?: PortalConfig['session']): PortalConfig => ({
  forms: {},
  rules: {},
  texts: {},
  content: {},
  journeys: {},
  pages: {},
  ...(session ? { session } : {}),
});

let i18n: I18n;
beforeAll(async () => {
  const { $schema: _schema, ...texts } = signInTexts;
  const locales = splitLocales({ 'sign-in': texts as LocalizedTree });
  i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: locales.en }, es: { translation: locales.es } },
    interpolation: { escapeValue: false },
  });
});

const inEnglishOrSpanish = (node: ReactNode) => (
  <I18nextProvider i18n={i18n}>{node}</I18nextProvider>
);

describe('signedOutMessage', () => {
  it('says each reason in English and Spanish, with the default limits (15 minutes, 12 hours)', () => {
    const say = (reason: 'idle' | 'limit' | 'ended', language: string) => {
      const { key, values } = signedOutMessage(reason, language);
      return i18n.getFixedT(language)(key, values);
    };
    expect(say('idle', 'en')).toBe(
      'You were signed out because there was no activity for 15 minutes. Please sign in again.',
    );
    expect(say('limit', 'en')).toBe(
      'For your security, a session lasts at most 12 hours. Please sign in again.',
    );
    expect(say('ended', 'en')).toBe('Your session has ended. Please sign in again.');
    expect(say('idle', 'es')).toBe(
      'Se cerró su sesión porque no hubo actividad durante 15 minutos. Vuelva a iniciar sesión.',
    );
    expect(say('limit', 'es')).toBe(
      'Por su seguridad, una sesión dura como máximo 12 horas. Vuelva a iniciar sesión.',
    );
    expect(say('ended', 'es')).toBe('Su sesión ha terminado. Vuelva a iniciar sesión.');
  });

  it("writes the page config's limits as numbers of the page's language", () => {
    expect(signedOutMessage('idle', 'en', { idleMs: 30 * 60_000, maxMs: 8 * 3_600_000 })).toEqual({
      key: 'sign-in.signedOut.idle',
      values: { minutes: '30', hours: '8' },
    });
    expect(signedOutMessage('limit', 'es', { idleMs: 6_000, maxMs: 9_000_000 }).values).toEqual({
      minutes: '0,1',
      hours: '2,5',
    });
  });
});

describe('SignedOutNotice', () => {
  beforeEach(() => {
    sessionStorage.clear();
    setPortalConfig(config({ idleMs: 20 * 60_000, maxMs: 12 * 3_600_000 }));
    void i18n.changeLanguage('en');
  });
  afterEach(cleanup);

  it('says why the session ended, as an alert, and only once', () => {
    rememberSignOutReason('idle');
    render(inEnglishOrSpanish(<SignedOutNotice />));
    expect(screen.getByRole('alert')).toHaveProperty(
      'textContent',
      'You were signed out because there was no activity for 20 minutes. Please sign in again.',
    );
    expect(signOutReason()).toBeNull();
    cleanup();
    // The page again (a reload, or back to it later): nothing to say.
    render(inEnglishOrSpanish(<SignedOutNotice />));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('follows the page language', async () => {
    rememberSignOutReason('limit');
    render(inEnglishOrSpanish(<SignedOutNotice />));
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByRole('alert').textContent).toBe(
      'Por su seguridad, una sesión dura como máximo 12 horas. Vuelva a iniciar sesión.',
    );
  });

  it('says nothing without a reason', () => {
    render(inEnglishOrSpanish(<SignedOutNotice />));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes over the page the server drew without it (no mismatch), then says why', async () => {
    // The server draws the page signed out, with nothing to say.
    const drawn = renderToString(inEnglishOrSpanish(<SignedOutNotice />));
    expect(drawn).not.toContain('role="alert"');
    rememberSignOutReason('ended');
    const container = document.createElement('div');
    container.innerHTML = drawn;
    document.body.append(container);
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const root = await act(async () =>
        hydrateRoot(container, inEnglishOrSpanish(<SignedOutNotice />), {
          onRecoverableError: recoverable,
        }),
      );
      expect(recoverable).not.toHaveBeenCalled();
      expect(consoleError).not.toHaveBeenCalled();
      expect(container.querySelector('[role="alert"]')?.textContent).toBe(
        'Your session has ended. Please sign in again.',
      );
      expect(signOutReason()).toBeNull();
      act(() => root.unmount());
    } finally {
      consoleError.mockRestore();
      container.remove();
    }
  });
});
