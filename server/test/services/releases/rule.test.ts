import { CANARY_ABORT } from '@instalment/contract/api';
import { judgeCanary } from '../../../src/services/releases/rule';

/** The automatic abort's rule at its edges, with the contract's figures: 200 views, 2×, 1 % absolute. */
const rule = CANARY_ABORT;
const stable = { views: 1000, errors: 10 };

test('a canary is not judged below 200 of its views, however many of them failed', () => {
  expect(judgeCanary({ views: 199, errors: 199 }, stable, rule)).toBe(false);
  expect(judgeCanary({ views: 200, errors: 200 }, stable, rule)).toBe(true);
});

test('a canary exactly at twice its stable’s errors per view goes on; just past it, it stops', () => {
  // Stable 1 %: a canary at 2 % is at the factor, at 2.5 % past it (and 1.5 points above).
  expect(judgeCanary({ views: 200, errors: 4 }, stable, rule)).toBe(false);
  expect(judgeCanary({ views: 200, errors: 5 }, stable, rule)).toBe(true);
});

test('a canary more than twice as bad but less than 1 point worse goes on; at 1 point worse, it stops', () => {
  const quiet = { views: 10_000, errors: 10 };
  // Stable 0.1 %: 1.09 % is ten times as bad, yet 0.99 points worse: under the floor.
  expect(judgeCanary({ views: 10_000, errors: 109 }, quiet, rule)).toBe(false);
  expect(judgeCanary({ views: 10_000, errors: 110 }, quiet, rule)).toBe(true);
  // Exactly 1 point over a stable at 0.5 %, counted over different numbers of views.
  expect(judgeCanary({ views: 200, errors: 3 }, { views: 400, errors: 2 }, rule)).toBe(true);
});

test('a stable without views counts as without errors; a canary without errors is never stopped', () => {
  expect(judgeCanary({ views: 200, errors: 2 }, { views: 0, errors: 0 }, rule)).toBe(true);
  expect(judgeCanary({ views: 200, errors: 1 }, { views: 0, errors: 0 }, rule)).toBe(false);
  expect(judgeCanary({ views: 5000, errors: 0 }, { views: 5000, errors: 0 }, rule)).toBe(false);
});

test('the views the rule waits for are the server’s setting', () => {
  expect(judgeCanary({ views: 20, errors: 5 }, stable, { ...rule, minViews: 20 })).toBe(true);
  expect(judgeCanary({ views: 19, errors: 5 }, stable, { ...rule, minViews: 20 })).toBe(false);
});
