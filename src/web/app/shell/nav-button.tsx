import type { ReactNode } from 'react';
import { Button } from '@fluentui/react-components';
import { useHref, useLinkClickHandler, useMatch } from 'react-router-dom';

interface NavButtonProps {
  to: string;
  children: ReactNode;
  className?: string;
  onNavigate?: () => void;
}

/** A header menu entry: a link styled as a subtle button, marked as current on its own page. */
export function NavButton({ to, children, className, onNavigate }: NavButtonProps) {
  const href = useHref(to);
  const current = useMatch({ path: to, end: true }) !== null;
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Button
      as="a"
      href={href}
      appearance={current ? 'secondary' : 'subtle'}
      aria-current={current ? 'page' : undefined}
      className={className}
      onClick={(event: React.MouseEvent<HTMLAnchorElement>) => {
        handleClick(event);
        onNavigate?.();
      }}
    >
      {children}
    </Button>
  );
}
