/**
 * The `performance.mark` a host sets right before it fetches code no page has asked for yet (the
 * tab bar's pages, once the browser is idle): a request started before it is what the page needed,
 * one started at or after it was fetched ahead of a tap. The bench splits a visit's bytes at this
 * mark and reads the name from here (bench/lib/measure.js): the one owner of the name.
 */
export const IDLE_FETCH_MARK = 'instalment:idle-fetch';
