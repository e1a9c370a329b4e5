/**
 * The links between the parts of a studio screen (Activity: events and webhooks; Messages: the
 * outbox, the counts and the preview), the current part marked.
 */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useHref, useLinkClickHandler, useLocation } from 'react-router-dom';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
});

function PartLink({ to, label }: { to: string; label: string }) {
  const { pathname } = useLocation();
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  const current = pathname === to;
  return (
    <li>
      <Button
        as="a"
        href={href}
        onClick={onClick}
        appearance={current ? 'primary' : 'secondary'}
        aria-current={current ? 'page' : undefined}
      >
        {label}
      </Button>
    </li>
  );
}

/** A navigation landmark named `label` with a link to each part. */
export function ScreenParts({
  label,
  parts,
}: {
  label: string;
  parts: readonly { to: string; label: string }[];
}) {
  const styles = useStyles();
  return (
    <nav aria-label={label}>
      <ul className={styles.list}>
        {parts.map((part) => (
          <PartLink key={part.to} to={part.to} label={part.label} />
        ))}
      </ul>
    </nav>
  );
}
