import type { MouseEvent, ReactNode } from 'react';
import { type Query, useHost } from '@instalment/shared/host';

interface RouteLinkProps {
  path: string;
  query?: Query;
  className?: string;
  'aria-label'?: string;
  children: ReactNode;
}

/**
 * A real link to an app route: a plain tap navigates inside the app, while a modified click or
 * a long press can still open it in a new tab, because the href is the route's own URL.
 */
export function RouteLink({ path, query, className, children, 'aria-label': label }: RouteLinkProps) {
  const host = useHost();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    host.navigate(path, query);
  };
  return (
    <a href={host.routeUrl(path, query)} className={className} aria-label={label} onClick={onClick}>
      {children}
    </a>
  );
}
