// @vitest-environment jsdom
/**
 * The journey on one page as a user meets it: the step indicator, the current stage's content,
 * completed stages with their answers and Change, locked stages, and focus on the heading of the
 * stage that becomes current.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import { JourneyView } from '../../../src/engine/journey/JourneyView';
import {
  completeStage,
  EMPTY_JOURNEY,
  type JourneyStage,
} from '../../../src/engine/journey/journey';
import { splitLocales, type LocalizedTree } from '../../../src/engine/i18n/split';
import { loadLazyWidgets } from './helpers';

const journeyTexts = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../flows/texts/journey.json'), 'utf8'),
) as LocalizedTree;

let i18n: I18n;
beforeAll(async () => {
  await loadLazyWidgets();
  // jsdom lays nothing out: scrolling is a no-op here.
  Element.prototype.scrollIntoView = () => undefined;
  const texts = splitLocales({ journey: journeyTexts });
  i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: texts.en }, es: { translation: texts.es } },
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

const STAGES: JourneyStage[] = [
  { id: 'amount', title: { en: 'Amount', es: 'Monto' } },
  { id: 'method', title: { en: 'Method', es: 'Método' } },
  { id: 'review', title: { en: 'Review', es: 'Revisión' }, review: true },
];

/** Not inside an element with `display: none` (what jsdom, which lays nothing out, can tell). */
function displayed(element: Element): boolean {
  for (let at: Element | null = element; at; at = at.parentElement) {
    if (at instanceof HTMLElement && at.style.display === 'none') return false;
  }
  return true;
}

function view(current: string, state = EMPTY_JOURNEY, onChange = vi.fn()) {
  return render(
    <I18nextProvider i18n={i18n}>
      <JourneyView
        id="j"
        stages={STAGES}
        state={state}
        current={current}
        renderStage={(stage) => <p>content of {stage.id}</p>}
        summarize={(stage) => [{ label: 'Answer', value: `answer of ${stage.id}` }]}
        onChange={onChange}
      />
    </I18nextProvider>,
  );
}

describe('JourneyView', () => {
  it('shows the step, the current stage, completed answers with Change and locked stages', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const state = completeStage(STAGES, EMPTY_JOURNEY, 'amount', { a: 1 });
    const { container } = view('method', state, onChange);
    expect(screen.getByTestId('step-of')).toHaveProperty('textContent', 'Step 2 of 3');
    const list = screen.getByRole('list', { name: 'Steps' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-status'))).toEqual([
      'completed',
      'current',
      'locked',
    ]);
    expect(items[1]?.getAttribute('aria-current')).toBe('step');
    expect(screen.getByRole('heading', { name: /^1\. Amount\s*\(completed\)$/ })).toBeTruthy();
    expect(screen.getByText('answer of amount')).toBeTruthy();
    expect(screen.getByText('content of method')).toBeTruthy();
    expect(screen.queryByText('content of review')).toBeNull();
    await user.click(screen.getByRole('button', { name: /^Change\s*Amount$/ }));
    expect(onChange).toHaveBeenCalledWith('amount');
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
  });

  it('moves focus to the heading of the stage that becomes current, not on the first render', () => {
    const state = completeStage(STAGES, EMPTY_JOURNEY, 'amount', { a: 1 });
    const { rerender } = view('amount', state);
    expect(document.activeElement).toBe(document.body);
    rerender(
      <I18nextProvider i18n={i18n}>
        <JourneyView
          id="j"
          stages={STAGES}
          state={state}
          current="method"
          renderStage={() => null}
          summarize={() => []}
          onChange={() => undefined}
        />
      </I18nextProvider>,
    );
    expect(document.activeElement?.id).toBe('j-stage-method');
  });

  it('draws the prepared stage hidden, and shows that same content when it becomes current', async () => {
    // A stage's content with state of its own: it must be the prepared one that shows, not a new one.
    function Stage({ id }: { id: string }) {
      const [typed, setTyped] = useState('');
      return (
        <label>
          {id} field
          <input value={typed} onChange={(event) => setTyped(event.target.value)} />
        </label>
      );
    }
    const draw = (current: string, prepare: string | undefined) => (
      <I18nextProvider i18n={i18n}>
        <JourneyView
          id="j"
          stages={STAGES}
          state={EMPTY_JOURNEY}
          current={current}
          prepare={prepare}
          renderStage={(stage) => <Stage id={stage.id} />}
          summarize={() => []}
          onChange={() => undefined}
        />
      </I18nextProvider>
    );
    const { rerender } = render(draw('amount', 'method'));
    // Hidden content is drawn when the page is idle.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const prepared = screen.getByLabelText('method field', { selector: 'input' });
    expect(displayed(prepared)).toBe(false);
    expect(displayed(screen.getByRole('textbox', { name: 'amount field' }))).toBe(true);
    expect(screen.queryByRole('textbox', { name: 'method field' })).toBeNull();
    // Locked, it still says so.
    expect(
      within(screen.getByTestId('stage-method')).queryByText(/once the steps before it/),
    ).not.toBeNull();

    rerender(draw('method', 'review'));
    const shown = screen.getByRole('textbox', { name: 'method field' });
    expect(shown).toBe(prepared);
    expect(displayed(shown)).toBe(true);
    expect(screen.queryByRole('textbox', { name: 'amount field' })).toBeNull();
    await userEvent.type(shown, 'x');
    expect(shown).toHaveProperty('value', 'x');
  });
});
