import { publishedPages } from '@instalment/federation/loader';
import { findPage, routeOf, type ContainerName, type Route } from '@instalment/federation/pages';
import { makeAutoObservable, runInAction } from 'mobx';

/**
 * The shell's route table: its own rows (SPEC §2, compiled in, so a known route opens without
 * waiting) merged with what each remote's current deployment publishes (DESIGN §3). A remote's
 * row wins for its own path: the remote that draws a page decides its module and flags, and a
 * page it adds is served without a shell release.
 */
export class RouteTable {
  private published = new Map<string, Route>();
  /** Every remote's manifest has answered or failed: a path nobody publishes is really unknown. */
  settled = false;

  constructor() {
    makeAutoObservable<RouteTable, 'published'>(this, { published: true });
  }

  async load(remotes: readonly ContainerName[]): Promise<void> {
    const lists = await Promise.all(remotes.map(async (remote) => (await publishedPages(remote)).map((page) => routeOf(remote, page))));
    runInAction(() => {
      for (const route of lists.flat()) this.published.set(route.path, route);
      this.settled = true;
    });
  }

  /** The route at `path`; 'pending' while a remote may still publish it. */
  find(path: string): Route | undefined | 'pending' {
    const normalised = path === '' ? '/' : path.startsWith('/') ? path : `/${path}`;
    const route = this.published.get(normalised) ?? findPage(normalised);
    if (route) return route;
    return this.settled ? undefined : 'pending';
  }
}
