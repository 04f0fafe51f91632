import type { MouseEvent, ReactNode } from 'react';
import { type Query, useHost } from '@instalment/shared/host';

/**
 * A link to an app route: a real href (open in a new tab, copy the address) that navigates
 * through the host on a plain tap.
 */
export function AppLink({ path, query, className, children, newTab }: { path: string; query?: Query; className?: string; children: ReactNode; newTab?: boolean }) {
  const host = useHost();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (newTab || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    host.navigate(path, query);
  };
  return (
    <a href={host.routeUrl(path, query)} className={className} onClick={onClick} {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}>
      {children}
    </a>
  );
}
