import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Progress } from '@/web/utils/account-view';

const SIZE = 96;
const STROKE = 10;
const RADIUS = (SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

const useStyles = makeStyles({
  wrap: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  track: { stroke: tokens.colorNeutralStroke2 },
  value: { stroke: tokens.colorBrandForeground1, transition: 'stroke-dashoffset 0.4s ease' },
  done: { stroke: tokens.colorPaletteGreenForeground1 },
  number: {
    fill: tokens.colorNeutralForeground1,
    fontSize: '20px',
    fontWeight: tokens.fontWeightSemibold,
  },
  state: { color: tokens.colorNeutralForeground2 },
});

/** How much of the debt is paid off, as a ring (an image named by its percentage and state). */
export function ProgressRing({ percent, state }: Progress) {
  const styles = useStyles();
  const { t } = useTranslation();
  const stateText = t(`dashboard.progress.states.${state}`);
  const center = SIZE / 2;
  return (
    <div className={styles.wrap}>
      <svg
        role="img"
        aria-label={t('dashboard.progress.ringLabel', { percent, state: stateText })}
        width={SIZE}
        height={SIZE}
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        data-testid="progress-ring"
        data-percent={percent}
        data-state={state}
      >
        <circle
          className={styles.track}
          cx={center}
          cy={center}
          r={RADIUS}
          fill="none"
          strokeWidth={STROKE}
        />
        <circle
          className={state === 'paid_off' ? styles.done : styles.value}
          cx={center}
          cy={center}
          r={RADIUS}
          fill="none"
          strokeWidth={STROKE}
          strokeLinecap={percent > 0 ? 'round' : 'butt'}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - percent / 100)}
          transform={`rotate(-90 ${center} ${center})`}
        />
        <text
          className={styles.number}
          x={center}
          y={center}
          textAnchor="middle"
          dominantBaseline="central"
        >
          {percent}%
        </text>
      </svg>
      <div aria-hidden="true">
        <div>{t('dashboard.progress.paidOff', { percent })}</div>
        <div className={styles.state}>{stateText}</div>
      </div>
    </div>
  );
}
