/**
 * A choice among ordered options that each carry facts and a table (payment plans: the monthly
 * amount, the number of payments, the total, the savings and the schedule). Loaded on demand
 * (see lazy.tsx). The options come from the page (`optionsFrom`).
 *
 * With several options: a slider, operable by keyboard, and a button on each side that steps to
 * the previous or the next option (a way to choose without dragging, WCAG 2.5.7); the chosen
 * option's facts, notice and table follow below. With one option: its facts and table only.
 *
 * The buttons show − and +, and are named by that symbol and what they do (the flow's
 * `stepLabels`: '− Fewer payments'), so what a voice-control user sees is in the name (WCAG
 * 2.5.3). The option a button chose is announced in a status region; the slider announces its
 * own value (`aria-valuetext`), so a move of the slider is not said twice. A button at the end of
 * the list stays focusable (aria-disabled): pressing + up to the last option keeps the focus there.
 */
import { useState } from 'react';
import {
  Button,
  MessageBar,
  MessageBarBody,
  Slider,
  makeStyles,
  tokens,
  useFieldControlProps_unstable as useFieldControlProps,
} from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import type { FormOption } from '../form-state';
import { choiceOptions } from './choice-widgets';
import { ScheduleTable } from './schedule-table';
import { visuallyHidden } from '../../visually-hidden';

const useStyles = makeStyles({
  // minWidth 0: inside the Field's grid a wide table must not widen the page on a phone.
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  picker: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  slider: { flexGrow: 1, minWidth: 0 },
  step: { minWidth: '44px', minHeight: '44px', fontSize: tokens.fontSizeBase500 },
  chosen: {
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    '@media (max-width: 480px)': { padding: tokens.spacingHorizontalS },
  },
  label: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
  visuallyHidden,
  details: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(9rem, 100%), 1fr))',
    gap: tokens.spacingHorizontalL,
    margin: 0,
  },
  fact: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  term: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  value: {
    margin: 0,
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
    whiteSpace: 'nowrap',
  },
});

/** A step button's accessible name: the symbol it shows, then what it does (when the flow says). */
function stepName(symbol: string, action: unknown): string {
  return typeof action === 'string' && action !== '' ? `${symbol} ${action}` : symbol;
}

export function PlanChoiceWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onBlur, onFocus } = props;
  const styles = useStyles();
  // What the status region says: the option a step button chose ('' after a slider move).
  const [announced, setAnnounced] = useState('');
  const options = choiceOptions(props) as unknown as FormOption[];
  const found = options.findIndex((option) => option.value === value);
  const index = found === -1 ? 0 : found;
  const chosen = options[index];
  const locked = disabled === true || readonly === true;
  const choose = (next: number): FormOption | undefined => {
    const option = options[Math.min(Math.max(next, 0), options.length - 1)];
    if (option && option.value !== value) props.onChange(option.value);
    return option;
  };
  const step = (next: number) => setAnnounced(choose(next)?.label ?? '');
  const previous = options[index - 1];
  const next = options[index + 1];
  // With one option there is no control: the group takes the Field's description and state.
  const field = useFieldControlProps<{ id: string; 'aria-describedby'?: string }>(
    { id },
    { supportsLabelFor: false },
  );
  return (
    <div className={styles.root}>
      {options.length > 1 && (
        <div className={styles.picker}>
          <Button
            className={styles.step}
            aria-label={stepName('−', props.options.stepPrevious)}
            disabled={locked}
            disabledFocusable={!locked && !previous}
            onClick={() => step(index - 1)}
          >
            −
          </Button>
          <Slider
            id={id}
            className={styles.slider}
            min={0}
            max={options.length - 1}
            step={1}
            value={index}
            disabled={locked}
            aria-valuetext={chosen?.label}
            onChange={(_event, data) => {
              setAnnounced('');
              choose(data.value);
            }}
            onBlur={() => onBlur(id, value)}
            onFocus={() => onFocus(id, value)}
          />
          <Button
            className={styles.step}
            aria-label={stepName('+', props.options.stepNext)}
            disabled={locked}
            disabledFocusable={!locked && !next}
            onClick={() => step(index + 1)}
          >
            +
          </Button>
          <div role="status" className={styles.visuallyHidden} data-testid="plan-choice-status">
            {announced}
          </div>
        </div>
      )}
      {chosen && (
        <div
          className={styles.chosen}
          {...(options.length > 1
            ? { id: `${id}__chosen` }
            : {
                id,
                role: 'group',
                'aria-label': props.label,
                tabIndex: -1,
                'aria-describedby': field['aria-describedby'],
              })}
          data-testid="plan-choice"
          data-value={String(chosen.value)}
        >
          <div className={styles.label}>{chosen.label}</div>
          {chosen.details && chosen.details.length > 0 && (
            <dl className={styles.details}>
              {chosen.details.map((fact) => (
                <div key={fact.label} className={styles.fact}>
                  <dt className={styles.term}>{fact.label}</dt>
                  <dd className={styles.value}>{fact.value}</dd>
                </div>
              ))}
            </dl>
          )}
          {chosen.note && (
            <MessageBar intent="info">
              <MessageBarBody>{chosen.note}</MessageBarBody>
            </MessageBar>
          )}
          {chosen.table && <ScheduleTable table={chosen.table} />}
        </div>
      )}
    </div>
  );
}
