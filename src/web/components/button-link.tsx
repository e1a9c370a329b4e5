import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@fluentui/react-components';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

interface ButtonLinkProps {
  to: To;
  children?: ReactNode;
  appearance?: ButtonProps['appearance'];
  size?: ButtonProps['size'];
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** A link inside the app that looks like a Fluent button (a call to action that navigates). */
export function ButtonLink({ to, children, ...rest }: ButtonLinkProps) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Button {...rest} as="a" href={href} onClick={handleClick}>
      {children}
    </Button>
  );
}
