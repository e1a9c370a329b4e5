/**
 * Editing as a compliance editor (issue 44, items 3 and 5), in a real browser on the real server:
 * - a text's values show as tokens with their meaning and a sample; a value is inserted from the
 *   list with the keyboard, at the caret; an unknown value and one the other language lacks are
 *   flagged while typing, in the studio's language;
 * - changing the English alone flags "Spanish needs review" once saved; saving the Spanish clears
 *   it; the Spanish-to-review view lists the flagged text;
 * - submitting with a flag asks for a confirmation (going back keeps the draft), and the review
 *   screen shows the flag;
 * axe-clean with photos at 1280 and 375 px in English and Spanish.
 */
import path from 'node:path';
import { expectNoAxeViolations } from './a11y';
import { expect, test } from './fixtures';
import {
  SHOTS,
  addStaff,
  checkEveryWay,
  heading,
  setLanguage,
  signIn,
  storedText,
} from './studio-helpers';

const FILE = 'content/payment-authorization.json';

test('tokens, Spanish needs review set and cleared, and the confirmation on submit', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const editor = addStaff('editor', 'Tess Tokens');
  await signIn(page, editor);
  await page.locator('#studio-new-draft_title').fill('Cancellation deadline');
  await page.locator('#studio-new-draft').getByRole('button', { name: 'New draft' }).click();
  await expect(heading(page, 'Cancellation deadline')).toBeVisible();
  await page.locator('#studio-file').selectOption(FILE);

  const recurring = page.locator('[data-pointer="/recurring"]');
  const english = page.getByLabel('Recurring payment authorization (English)', { exact: true });
  const spanish = page.getByLabel('Recurring payment authorization (Spanish)', { exact: true });
  await expect(english).toHaveAttribute('data-value', /at least 1 business day before/);
  // Each value the text uses is a token with its meaning and a sample.
  await expect(recurring.locator('[data-token="total"]').first()).toHaveText(
    /^total: .+, e\.g\. \$/,
  );

  // An unknown value is flagged while typing, and the Spanish hears it lacks it.
  const before = await storedText(english);
  const beforeEs = await storedText(spanish);
  await english.fill(`${before} {{nope}}`);
  // A value typed as braces turns into a token as it is typed, red as one the text may not use.
  await expect(english.locator('[data-chip="nope"]')).toHaveText('nope');
  await expect(recurring).toContainText('“nope” is not a value this text may use');
  await expect(recurring).toContainText('“nope” is in the English text but not in this one.');
  await setLanguage(page, 'es');
  await expect(recurring).toContainText('«nope» no es un valor que este texto pueda usar');
  await setLanguage(page, 'en');

  // The English changed, then a value inserted from the list, with the keyboard, at the caret.
  const changed = before.replace(
    'at least 1 business day before',
    'at least 3 business days before',
  );
  await english.fill(`${changed} Questions: call `);
  await english.press('End');
  // The list of values the text may use: each a button named by its meaning and sample.
  const item = page
    .getByTestId(`${await english.getAttribute('id')}-insert`)
    .getByRole('button', { name: /^Insert phone: .+, e\.g\. / });
  await expect(item).toBeVisible();
  await item.focus();
  await page.keyboard.press('Enter');
  await expect(english).toHaveAttribute('data-value', `${changed} Questions: call {{phone}}`);
  await expect(english).toBeFocused();
  // Shown as a token inside the words, never as braces; Backspace removes it as one unit.
  const chips = english.locator('[data-chip="phone"]');
  await expect(chips).toHaveCount(2);
  await expect(chips.last()).toHaveText('phone');
  await expect(chips.last()).toHaveAttribute('title', /^phone: .+, e\.g\. /);
  await expect(english).not.toContainText('{{');
  await page.keyboard.press('Backspace');
  await expect(english).toHaveAttribute('data-value', `${changed} Questions: call `);
  await expect(chips).toHaveCount(1);
  await item.focus();
  await page.keyboard.press('Enter');
  await expect(english).toHaveAttribute('data-value', `${changed} Questions: call {{phone}}`);
  await expect(recurring).not.toContainText('is not a value this text may use');

  // The Spanish now lacks the value (flagged while typing, in its box).
  await expect(recurring).toContainText('“phone” is in the English text but not in this one.');
  // Saved with the English alone: the Spanish needs review (and the check says what it lacks).
  await page.getByRole('button', { name: 'Save file' }).click();
  await expect(page.getByRole('status').first()).toContainText('Saved. 1 check fails.');
  await expect(recurring.getByTestId('spanish-needs-review')).toHaveText('Spanish needs review');
  await checkEveryWay(page, 'editing-tokens');

  // Another draft of the same title with the same change (made over the API, as a second editor
  // would): the view names the two apart (a table's region needs a name of its own).
  const draftId = /\/studio\/drafts\/(\d+)/.exec(page.url())?.[1];
  expect(draftId).toBeDefined();
  const me = await page.request.get('/studio/api/me');
  const { csrfToken } = (await me.json()) as { csrfToken: string };
  const headers = { 'X-CSRF-Token': csrfToken };
  const ours = (await (await page.request.get(`/studio/api/drafts/${draftId}`)).json()) as {
    files: Record<string, unknown>;
  };
  const twin = await page.request.post('/studio/api/drafts', {
    headers,
    data: { title: 'Cancellation deadline' },
  });
  expect(twin.status(), await twin.text()).toBe(201);
  const twinId = ((await twin.json()) as { id: number }).id;
  const twinFile = await page.request.put(`/studio/api/drafts/${twinId}/file`, {
    headers,
    data: { path: FILE, json: ours.files[FILE] },
  });
  expect(twinFile.status(), await twinFile.text()).toBe(200);

  // The view of every flagged text lists it.
  await page.getByRole('link', { name: 'Spanish to review' }).click();
  await expect(heading(page, 'Spanish to review')).toBeVisible();
  const section = page.locator('section', { has: page.locator(`#translations-draft-${draftId}`) });
  await expect(section.getByRole('heading')).toHaveText(/^Draft: Cancellation deadline \([12]\)$/);
  await expect(
    page.locator('section', { has: page.locator(`#translations-draft-${twinId}`) }),
  ).toContainText(/Draft: Cancellation deadline \([12]\)/);
  await expect(section.getByText('Recurring payment authorization').first()).toBeVisible();
  await expect(section.getByRole('table')).toContainText('Questions: call {{phone}}');
  await checkEveryWay(page, 'translations');
  await section.getByRole('link', { name: /^Recurring payment authorization/ }).click();
  await expect(heading(page, 'Cancellation deadline')).toBeVisible();

  // The Spanish saved: the flag clears.
  const spanishChanged = beforeEs.replace(
    'al menos 1 día hábil antes',
    'al menos 3 días hábiles antes',
  );
  await spanish.fill(`${spanishChanged} Preguntas: llame al `);
  await spanish.press('End');
  await page
    .getByTestId(`${await spanish.getAttribute('id')}-insert`)
    .getByRole('button', { name: /^Insert phone: / })
    .focus();
  await page.keyboard.press('Enter');
  await expect(spanish).toHaveAttribute(
    'data-value',
    `${spanishChanged} Preguntas: llame al {{phone}}`,
  );
  await page.getByRole('button', { name: 'Save file' }).click();
  await expect(page.getByRole('status').first()).toContainText('Saved. Every check passes.');
  await expect(recurring.getByTestId('spanish-needs-review')).toHaveCount(0);

  // A list of texts (the terms' bullet points, a list within the page's list of paragraphs): add
  // an item, move it, remove another, by keyboard.
  await page.locator('#studio-file').selectOption('content/terms.json');
  const itemId = (index: number, language: 'en' | 'es') =>
    `#studio-field_2f_blocks_2f_7_2f_items_2f_${index}--${language}`;
  const bullets = page.locator('[data-list="studio-field_2f_blocks_2f_7_2f_items"]');
  const button = (list: typeof bullets, item: number, action: string) =>
    list.locator(
      `:scope > ul > li > [data-actions] > [data-item="${item}"][data-action="${action}"]`,
    );
  const addTo = (list: typeof bullets) =>
    list.locator(':scope > [data-actions] > [data-action="add"]');
  const firstItem = await storedText(page.locator(itemId(0, 'en')));
  // The page's paragraphs are a list too (items of a kind and a text), and the bullets one within it.
  await expect(page.locator('[data-action="add"]')).toHaveCount(2);
  const add = addTo(bullets);
  const box = await add.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(24);
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator(itemId(5, 'en'))).toBeFocused();
  await page.locator(itemId(5, 'en')).fill('You can ask us to explain any charge.');
  await page.locator(itemId(5, 'es')).fill('Puede pedirnos que le expliquemos cualquier cargo.');
  await button(bullets, 5, 'up').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator(itemId(4, 'en'))).toHaveAttribute(
    'data-value',
    'You can ask us to explain any charge.',
  );
  await expect(page.getByText('Item moved to place 5.')).toBeVisible();
  await button(bullets, 0, 'remove').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator(itemId(0, 'en'))).not.toHaveAttribute('data-value', firstItem);
  await expect(page.locator(itemId(3, 'en'))).toHaveAttribute(
    'data-value',
    'You can ask us to explain any charge.',
  );
  await checkEveryWay(page, 'editing-list');
  await page.getByRole('button', { name: 'Save file' }).click();
  await expect(page.getByText('Saved. Every check passes.')).toBeVisible();

  // A list of items holding a text (what cancelling a plan means): add one, move it, remove one.
  await page.locator('#studio-file').selectOption('content/plan-change.json');
  const consequences = page.locator('[data-list="studio-field_2f_cancel_2f_consequences"]');
  const textId = (index: number, language: 'en' | 'es') =>
    `#studio-field_2f_cancel_2f_consequences_2f_${index}_2f_text--${language}`;
  const firstConsequence = await storedText(page.locator(textId(0, 'en')));
  // Each button is named for people: no key or path of the file in its name.
  const addConsequence = addTo(consequences);
  await expect(addConsequence).toHaveAccessibleName(/^Add an item to Cancel a plan: “Your balance/);
  await expect(addConsequence).not.toHaveAccessibleName(/consequences|\/cancel|\[\d\]/);
  await addConsequence.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator(textId(4, 'en'))).toBeFocused();
  await page.locator(textId(4, 'en')).fill('Your next payment date will not be charged.');
  await page.locator(textId(4, 'es')).fill('No se cobrará en su próxima fecha de pago.');
  await button(consequences, 4, 'up').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator(textId(3, 'en'))).toHaveAttribute(
    'data-value',
    'Your next payment date will not be charged.',
  );
  await expect(button(consequences, 3, 'up')).toBeFocused();
  await button(consequences, 0, 'remove').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator(textId(0, 'en'))).not.toHaveAttribute('data-value', firstConsequence);
  await expect(page.locator(textId(2, 'en'))).toHaveAttribute(
    'data-value',
    'Your next payment date will not be charged.',
  );
  await expect(page.locator(textId(4, 'en'))).toHaveCount(0);
  await checkEveryWay(page, 'editing-object-list');
  await page.getByRole('button', { name: 'Save file' }).click();
  await expect(page.getByText('Saved. Every check passes.')).toBeVisible();
  await page.locator('#studio-file').selectOption(FILE);

  // Another text's English alone, then submit: it asks first.
  const single = page.getByLabel('Single payment authorization (English)', { exact: true });
  await single.fill(
    (await storedText(single)).replace(
      'at least 1 business day before',
      'at least 3 business days before',
    ),
  );
  await page.getByRole('button', { name: 'Save file' }).click();
  await expect(
    page.locator('[data-pointer="/single"]').getByTestId('spanish-needs-review'),
  ).toBeVisible();
  // Submit asks first; going back keeps the draft as it is.
  await page.getByTestId('studio-submit').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('1 text has English that changed after its Spanish was saved');
  // The dialog in both languages and widths (the language switcher is behind it: closed to switch).
  await dialog.getByRole('button', { name: 'Go back' }).click();
  await expect(dialog).toHaveCount(0);
  for (const language of ['es', 'en'] as const) {
    await setLanguage(page, language);
    await page.getByTestId('studio-submit').click();
    await expect(dialog).toBeVisible();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
      await page.screenshot({ path: path.join(SHOTS, `submit-confirm-${language}-${width}.png`) });
    }
    await dialog.getByRole('button', { name: language === 'es' ? 'Volver' : 'Go back' }).click();
    await expect(dialog).toHaveCount(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Confirmed (the audit row is the API suite's): the review shows the flag.
  await page.getByTestId('studio-submit').click();
  await page
    .getByTestId('studio-submit-confirm')
    .getByRole('button', { name: 'Submit anyway' })
    .click();
  await expect(heading(page, 'Review: Cancellation deadline')).toBeVisible();
  await expect(page.getByTestId('review-spanish-needs-review')).toContainText(
    '1 text of this draft needs its Spanish reviewed.',
  );
  await expect(
    page.locator('[data-pointer="/single"]').getByTestId('spanish-needs-review'),
  ).toBeVisible();
  await checkEveryWay(page, 'review-flagged');

  // A text flagged in another tab, which this page does not know of: the server refuses the
  // submit, and the page asks the same question instead of showing an error. The other draft
  // first changes both languages (nothing to review), is opened, then its English alone changes.
  type Authorization = Record<string, unknown> & { recurring: { en: string; es: string } };
  const submitted = (await (await page.request.get(`/studio/api/drafts/${draftId}`)).json()) as {
    files: Record<string, Authorization>;
  };
  // This draft's recurring authorization (every check passes), the single one as the other had it.
  const theirs = {
    ...submitted.files[FILE],
    single: (ours.files[FILE] as Authorization).single,
  } as Authorization;
  theirs.recurring = { en: `${theirs.recurring.en} (1)`, es: `${theirs.recurring.es} (1)` };
  const putTwin = async (json: unknown) => {
    const answer = await page.request.put(`/studio/api/drafts/${twinId}/file`, {
      headers,
      data: { path: FILE, json },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    return (await answer.json()) as { translations: unknown[] };
  };
  expect((await putTwin(theirs)).translations).toEqual([]);
  await page.goto(`/studio/drafts/${twinId}?file=${encodeURIComponent(FILE)}`);
  await expect(heading(page, 'Cancellation deadline')).toBeVisible();
  await expect(page.getByTestId('studio-submit')).toBeEnabled();
  theirs.recurring = { ...theirs.recurring, en: `${theirs.recurring.en} (2)` };
  expect((await putTwin(theirs)).translations).toHaveLength(1);
  await page.getByTestId('studio-submit').click();
  await expect(dialog).toContainText('1 text has English that changed after its Spanish was saved');
  await expect(page.locator('#studio-editor-error')).toBeEmpty();
  await dialog.getByRole('button', { name: 'Go back' }).click();
  await expect(dialog).toHaveCount(0);
  // The other draft left empty: it lists nothing to review for the specs that follow.
  const dropped = await page.request.delete(
    `/studio/api/drafts/${twinId}/file?path=${encodeURIComponent(FILE)}`,
    { headers },
  );
  expect(dropped.status(), await dropped.text()).toBe(200);
});
