import type { ContainerName } from '@instalment/federation/pages';

type ViewListener = (route: string, remote: ContainerName | undefined) => void;

/**
 * The routes the frame opens, heard by the recorder on a device that reports. Apart from the
 * recorder: the first paint draws the frame at build time, and web-vitals' chunk is no part of it.
 */
let listener: ViewListener | null = null;

/**
 * A route was opened: `route` is its pattern in the pages table, `remote` the remote whose page
 * draws it (none for the shell's own home). Nothing when this device does not report.
 */
export function recordView(route: string, remote: ContainerName | undefined): void {
  listener?.(route, remote);
}

/** The recorder hears each view from now on; the answer stops hearing. */
export function onView(heard: ViewListener): () => void {
  listener = heard;
  return () => {
    listener = null;
  };
}
