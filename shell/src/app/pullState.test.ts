import { initialPull, PULL_RANGE_PX, pullReducer, type PullEvent, type PullState } from './pullState';

const run = (events: PullEvent[], from: PullState = initialPull) => events.reduce(pullReducer, from);

test('a short pull is pulling, and released early it aborts, then rests', () => {
  const pulled = run([{ type: 'move', pulled: PULL_RANGE_PX }]);
  expect(pulled.phase).toBe('pulling');
  const released = pullReducer(pulled, { type: 'release' });
  expect(released.phase).toBe('aborting');
  expect(pullReducer(released, { type: 'settled' })).toEqual(initialPull);
});

test('a pull past the range is reached; released there it refreshes, then restores', () => {
  const reached = run([{ type: 'move', pulled: PULL_RANGE_PX * 3 }]);
  expect(reached.phase).toBe('reached');
  const refreshing = pullReducer(reached, { type: 'release' });
  expect(refreshing.phase).toBe('refreshing');
  expect(pullReducer(refreshing, { type: 'move', pulled: 500 })).toBe(refreshing);
  const restoring = pullReducer(refreshing, { type: 'refreshed' });
  expect(restoring.phase).toBe('restoring');
  expect(pullReducer(restoring, { type: 'settled' })).toEqual(initialPull);
});

test('pulling back up from reached returns to pulling', () => {
  expect(
    run([
      { type: 'move', pulled: 400 },
      { type: 'move', pulled: 20 },
    ]).phase,
  ).toBe('pulling');
});
