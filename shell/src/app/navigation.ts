import { useLayoutEffect } from 'react';
import { type Location, type NavigateFunction, useLocation, useNavigate } from 'react-router-dom';
import type { Navigator } from '../host/createShellHost';

/**
 * The router as the host sees it from outside React: the hash router's navigate function and
 * location, handed over by <NavigationSync> once the router is mounted.
 */
export class NavigationBridge implements Navigator {
  private navigateTo: NavigateFunction | null = null;
  readonly state: { location: Pick<Location, 'pathname' | 'search'> };

  constructor(private readonly win: Window = window) {
    const [pathname, search = ''] = win.location.hash.replace(/^#/, '').split('?');
    this.state = { location: { pathname: pathname || '/', search: search ? `?${search}` : '' } };
  }

  attach(navigate: NavigateFunction, location: Location): void {
    this.navigateTo = navigate;
    this.state.location = location;
  }

  /** Before the router is mounted (a session check at launch), the hash itself is set. */
  navigate(to: string | number, options?: { replace?: boolean }): void {
    if (typeof to === 'number') {
      if (this.navigateTo) void this.navigateTo(to);
      else this.win.history.go(to);
    } else if (this.navigateTo) {
      void this.navigateTo(to, options);
    } else if (options?.replace) {
      this.win.location.replace(`#${to}`);
    } else {
      this.win.location.hash = to;
    }
  }
}

export function NavigationSync({ bridge }: { bridge: NavigationBridge }) {
  const navigate = useNavigate();
  const location = useLocation();
  useLayoutEffect(() => bridge.attach(navigate, location), [bridge, navigate, location]);
  return null;
}
