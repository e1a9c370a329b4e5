/**
 * A journey on one page: a step indicator ("Step 2 of 5" and a bar), then every stage in order as
 * an item of one ordered list. The current stage (`aria-current="step"`) shows its content; a
 * completed one shows its answers and a Change button; the ones after it are shown locked. When the
 * current stage changes, focus moves to its heading and the page scrolls to it (not on the first
 * render: the page heading has focus then). Texts: flows/texts/journey.json.
 */
import {
  Activity,
  memo,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { localize, toLanguage } from '../i18n/split';
import { stageStatus, type JourneyStage, type JourneyState, type StageStatus } from './journey';
import { visuallyHidden } from '../visually-hidden';
import { afterNextPaint } from '../after-next-paint';

/** One answer as a completed stage lists it. */
export interface AnswerLine {
  label: string;
  value: string;
}

export interface JourneyViewProps {
  /** Prefix of the element ids (`<id>-stage-<stage>`). */
  id: string;
  stages: readonly JourneyStage[];
  state: JourneyState;
  current: string;
  /** The current stage's content (its form, or the review). */
  renderStage: (stage: JourneyStage) => ReactNode;
  /** The answers a completed stage lists. */
  summarize: (stage: JourneyStage) => readonly AnswerLine[];
  /** Change on a completed stage. */
  onChange: (stage: string) => void;
  /** Shown at the top of the current stage (a message such as "complete the previous step"). */
  notice?: ReactNode;
  /**
   * A stage whose content is drawn ahead, hidden (React's `<Activity mode="hidden">`, rendered
   * when the page is idle, from the paint after this prop names it), usually the one a Continue
   * leads to: when it becomes the current stage, its content is already built and only shows.
   */
  prepare?: string;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  progress: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  stepOf: {
    margin: 0,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground2,
  },
  bar: { display: 'flex', gap: tokens.spacingHorizontalXS },
  segment: {
    flex: 1,
    height: '6px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralStroke2,
  },
  segmentDone: { backgroundColor: tokens.colorBrandBackground },
  segmentCurrent: { backgroundColor: tokens.colorBrandStroke2 },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  stage: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    '@media (min-width: 481px)': { padding: tokens.spacingHorizontalXXL },
  },
  current: { boxShadow: `0 0 0 2px ${tokens.colorBrandStroke1}, ${tokens.shadow8}` },
  locked: {
    backgroundColor: tokens.colorNeutralBackground3,
    boxShadow: 'none',
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke1}`,
    gap: tokens.spacingVerticalXS,
    '@media (min-width: 481px)': {
      padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXXL}`,
    },
  },
  head: {
    display: 'flex',
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  heading: {
    margin: 0,
    flex: '1 1 auto',
    minWidth: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
    scrollMarginTop: tokens.spacingVerticalXXL,
    ':focus': { outline: 'none' },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  status: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  answers: {
    display: 'grid',
    gridTemplateColumns: 'minmax(8rem, max-content) 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
    '@media (max-width: 480px)': { gridTemplateColumns: '1fr' },
  },
  pair: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  lockedText: {
    margin: 0,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
  },
  change: { minHeight: '32px', flexShrink: 0 },
  hidden: visuallyHidden,
});

/**
 * A stage's content, worked out in its own render: for a stage prepared ahead, inside the hidden
 * Activity, so React renders it when the page is idle; called in the journey's render, its
 * declarations (the form's context, what it starts with) were read against the facts inside the
 * Continue's task.
 */
const StageContent = memo(function StageContent(props: {
  stage: JourneyStage;
  render: (stage: JourneyStage) => ReactNode;
}) {
  return props.render(props.stage);
});

/** The id of a stage's heading (`<journey id>-stage-<stage>`). */
const stageHeadingId = (journey: string, stage: string) => `${journey}-stage-${stage}`;

export function JourneyView(props: JourneyViewProps) {
  const { id, stages, state, current, renderStage, summarize, onChange, notice, prepare } = props;
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const number = stages.findIndex((stage) => stage.id === current) + 1;
  const headingId = (stage: string) => stageHeadingId(id, stage);
  // The texts per language, not per render: the page renders again at every stage change.
  const texts = useMemo(() => {
    const statuses: StageStatus[] = ['current', 'completed', 'locked', 'open'];
    return {
      stepsLabel: t('journey.stepsLabel'),
      change: t('journey.change'),
      locked: t('journey.locked'),
      status: Object.fromEntries(statuses.map((s) => [s, t(`journey.status.${s}`)])),
      titles: stages.map((stage) => localize(stage.title, language)),
      headings: stages.map((stage, index) =>
        t('journey.stageTitle', { number: index + 1, title: localize(stage.title, language) }),
      ),
    };
  }, [t, stages, language]);

  // The stage to prepare is taken up after the next paint: its hidden render, though React does it
  // in slices at a low priority, could otherwise take a slice before a stage change's paint.
  const [prepared, setPrepared] = useState(prepare);
  useEffect(() => {
    if (prepared === prepare) return undefined;
    return afterNextPaint(() => setPrepared(prepare));
  }, [prepare, prepared]);

  // Focus follows the current stage (after the first render, which the page heading owns). In a
  // layout effect: the first paint of the new stage has its heading focused, not the next one.
  const shown = useRef(current);
  useLayoutEffect(() => {
    if (shown.current === current) return;
    shown.current = current;
    const heading = document.getElementById(headingId(current));
    heading?.focus({ preventScroll: true });
    heading?.scrollIntoView({ block: 'start' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- headingId is derived from id
  }, [current, id]);

  return (
    <div className={styles.root}>
      <div className={styles.progress}>
        <p className={styles.stepOf} data-testid="step-of">
          {t('journey.stepOf', { number, count: stages.length })}
        </p>
        <div className={styles.bar} aria-hidden>
          {stages.map((stage) => {
            const status = stageStatus(stages, state, stage.id, current);
            return (
              <span
                key={stage.id}
                className={mergeClasses(
                  styles.segment,
                  status === 'completed' && styles.segmentDone,
                  status === 'current' && styles.segmentCurrent,
                )}
              />
            );
          })}
        </div>
      </div>
      <ol className={styles.list} aria-label={texts.stepsLabel}>
        {stages.map((stage, index) => {
          const status = stageStatus(stages, state, stage.id, current);
          const title = texts.titles[index];
          const answers = status === 'completed' ? summarize(stage) : [];
          return (
            <li
              key={stage.id}
              aria-current={status === 'current' ? 'step' : undefined}
              className={mergeClasses(
                styles.stage,
                status === 'current' && styles.current,
                (status === 'locked' || status === 'open') && styles.locked,
              )}
              data-testid={`stage-${stage.id}`}
              data-status={status}
            >
              <div className={styles.head}>
                <h2 id={headingId(stage.id)} tabIndex={-1} className={styles.heading}>
                  {texts.headings[index]}
                  <span className={styles.hidden}> ({texts.status[status]})</span>
                </h2>
                {status === 'completed' && (
                  <Button
                    appearance="transparent"
                    className={styles.change}
                    onClick={() => onChange(stage.id)}
                    data-testid={`change-${stage.id}`}
                  >
                    {texts.change}
                    <span className={styles.hidden}> {title}</span>
                  </Button>
                )}
              </div>
              {(status === 'current' || stage.id === prepared) && (
                <Activity mode={status === 'current' ? 'visible' : 'hidden'}>
                  {status === 'current' && notice}
                  <StageContent stage={stage} render={renderStage} />
                </Activity>
              )}
              {status === 'completed' && answers.length > 0 && (
                <dl className={styles.answers}>
                  {answers.map((answer, i) => (
                    <div key={`${answer.label}-${i}`} className={styles.pair}>
                      <dt className={styles.term}>{answer.label}</dt>
                      <dd className={styles.value}>{answer.value}</dd>
                    </div>
                  ))}
                </dl>
              )}
              {(status === 'locked' || status === 'open') && (
                <p className={styles.lockedText}>{texts.locked}</p>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
