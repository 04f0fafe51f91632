/**
 * What the shell's service worker tells its pages about the network: `navigator.onLine` says only
 * that a link is up (a café's Wi-Fi without internet is "online"; some browsers never say
 * otherwise), while the worker sees whether the servers answered. The worker imports this file,
 * so it holds no DOM code.
 */
export const REACHABILITY_MESSAGE = 'instalment:reachability';

export interface ReachabilityMessage {
  type: typeof REACHABILITY_MESSAGE;
  /** False when a request failed for want of a network and the device answered it instead. */
  reachable: boolean;
}

export const isReachabilityMessage = (data: unknown): data is ReachabilityMessage =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === REACHABILITY_MESSAGE;
