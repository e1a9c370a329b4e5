import type { ReactNode } from 'react';
import { Link as FluentLink } from '@fluentui/react-components';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

interface RouterLinkProps {
  to: To;
  children?: ReactNode;
  replace?: boolean;
  className?: string;
  'aria-label'?: string;
}

/** A Fluent UI link that navigates inside the app (and still works with modifier keys). */
export function RouterLink({ to, replace, children, ...rest }: RouterLinkProps) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to, { replace });
  return (
    <FluentLink {...rest} href={href} onClick={handleClick}>
      {children}
    </FluentLink>
  );
}
