/** SPEC §2/§9: nothing for the first 200 ms of a lazy page load, then a loading view; 60 s is a failure. */
export const LOADING_DELAY_MS = 200;
export const LOAD_TIMEOUT_MS = 60_000;

export type LoadPhase = 'waiting' | 'loading' | 'ready' | 'error';

export class LoadTimeoutError extends Error {
  constructor() {
    super(`not loaded within ${LOAD_TIMEOUT_MS / 1000} s`);
    this.name = 'LoadTimeoutError';
  }
}
