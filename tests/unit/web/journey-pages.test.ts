/**
 * The journey pages of flows/pages (stages: cancel my plan, change the payment day, change my
 * plan) read against a load call's answer, as the stage journey reads them: the load arguments,
 * the picked choice, the values and option lists, the form's first data and the submitted body.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FormPageFile } from '../../../src/web/features/form-page/utils/page-model';
import {
  blockItems,
  loadArgs,
  stageFormData,
  stageOptions,
  stageValues,
  submitBody,
  withPicks,
  type Formatter,
  type JourneyStage,
} from '../../../src/web/features/form-page/utils/stage-model';

const page = (name: string) =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, `../../../flows/pages/${name}.json`), 'utf8'),
  ) as FormPageFile;
const stage = (name: string, id: string): JourneyStage =>
  page(name).stages!.find((candidate) => candidate.id === id)!;

const format: Formatter = (value, kind) =>
  kind === 'money' ? `$${Number(value).toFixed(2)}` : String(value);
const params = { accountNumber: 'LU1.90002' };

describe('journey pages', () => {
  it('cancel: the statement, the notices and the body of CancelPlan', () => {
    const confirm = stage('cancel-plan', 'confirm');
    const preview = {
      arrangementId: 7,
      statement: 'I cancel.',
      consequences: ['a', 'b'],
      keptNotices: ['taken today'],
      stopped: [{ date: '2026-12-01', amount: 50 }],
    };
    const facts = withPicks(confirm, { params, answers: {}, preview });
    expect(stageValues(confirm, facts, format)).toEqual({ statement: 'I cancel.' });
    const kept = confirm.blocks!.find((block) => block.id === 'kept')!;
    expect(blockItems(kept.items, facts)).toEqual(['taken today']);
    expect(submitBody(confirm, facts, { confirmed: true })).toEqual({
      confirmed: true,
      accountNumber: 'LU1.90002',
      arrangementId: 7,
    });
  });

  it('change the payment day: the day chosen is the read argument and the body', () => {
    const review = stage('change-payment-day', 'confirm');
    const answers = { day: { day: 15 } };
    expect(loadArgs(review, { params, answers })).toEqual({ day: 15 });
    const facts = withPicks(review, { params, answers, preview: { arrangementId: 3, day: 15 } });
    expect(submitBody(review, facts, { confirmed: true })).toMatchObject({
      day: 15,
      arrangementId: 3,
    });
    // Back on the first stage, the form starts from what was chosen.
    expect(stageFormData(stage('change-payment-day', 'day'), facts, answers)).toEqual({ day: 15 });
  });

  it('change my plan: options from the choices, the chosen one picked', () => {
    const preview = {
      arrangementId: 9,
      day: 10,
      choices: [
        { months: 2, perMonth: 150, schedule: [], authorization: 'two' },
        { months: 3, perMonth: 100, schedule: [], authorization: 'three' },
      ],
    };
    const choose = stage('change-plan', 'months');
    const label = (key: string, values: Record<string, string>) =>
      `${key}:${values.months}x${values.perMonth}`;
    expect(stageOptions(choose, { preview }, label, format)).toEqual({
      monthChoices: [
        { value: 2, label: 'plan-change.plan.choice:2x$150.00' },
        { value: 3, label: 'plan-change.plan.choice:3x$100.00' },
      ],
    });
    const review = stage('change-plan', 'confirm');
    const facts = withPicks(review, { params, answers: { months: { months: 3 } }, preview });
    expect(stageValues(review, facts, format)).toMatchObject({
      months: '3',
      perMonth: '$100.00',
      authorization: 'three',
    });
    expect(
      submitBody(review, facts, { eSignConsent: true, authorizationDisclosuresAccepted: true }),
    ).toEqual({
      eSignConsent: true,
      authorizationDisclosuresAccepted: true,
      accountNumber: 'LU1.90002',
      arrangementId: 9,
      months: 3,
      day: 10,
    });
  });
});
