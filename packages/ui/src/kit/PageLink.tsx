import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { type Query, useHost } from '@instalment/host-sdk/host';

export interface PageLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target'> {
  /** An app route (`PATHS.x`). */
  path: string;
  query?: Query;
  /** Opens in a new tab (e.g. the contract from the apply form, so nothing typed is lost). */
  newTab?: boolean;
  children: ReactNode;
}

/**
 * The one link to an app route: its href is the route's own URL, so a modified click, a middle
 * click or a long press can open it in a new tab or copy it; a plain tap navigates inside the
 * app through the host.
 */
export function PageLink({ path, query, newTab = false, onClick, children, ...rest }: PageLinkProps) {
  const host = useHost();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (newTab || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    host.navigate(path, query);
  };
  return (
    <a {...rest} href={host.routeUrl(path, query)} onClick={follow} {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}>
      {children}
    </a>
  );
}
