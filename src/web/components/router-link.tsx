import type { ReactNode } from 'react';
import { Link as FluentLink } from '@fluentui/react-components';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

interface RouterLinkProps {
  to: To;
  children?: ReactNode;
  replace?: boolean;
  /** Underlined, for links inside running text. */
  inline?: boolean;
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
  /** Runs first; calling preventDefault() stops the in-app navigation. */
  onClick?: (event: React.MouseEvent<HTMLAnchorElement>) => void;
}

/** A Fluent UI link that navigates inside the app (and still works with modifier keys). */
export function RouterLink({ to, replace, children, onClick, ...rest }: RouterLinkProps) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to, { replace });
  return (
    <FluentLink
      {...rest}
      href={href}
      onClick={(event: React.MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) handleClick(event);
      }}
    >
      {children}
    </FluentLink>
  );
}
