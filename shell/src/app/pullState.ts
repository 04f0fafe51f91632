/**
 * SPEC §4 pull-to-refresh: pulling → reached (once the pull reaches the range) → refreshing when
 * released there, or aborting when released early; after refreshing, restoring (≈350 ms) to rest.
 */
export type PullPhase = 'idle' | 'pulling' | 'reached' | 'aborting' | 'refreshing' | 'restoring';

export interface PullState {
  phase: PullPhase;
  /** How far the content is drawn down, px. */
  distance: number;
}

export type PullEvent = { type: 'move'; pulled: number } | { type: 'release' } | { type: 'refreshed' } | { type: 'settled' };

export const PULL_RANGE_PX = 64;
export const RESTORE_MS = 350;
/** The content follows the finger at half speed, and never further than twice the range. */
const RESISTANCE = 0.5;

export const initialPull: PullState = { phase: 'idle', distance: 0 };

export function pullReducer(state: PullState, event: PullEvent): PullState {
  switch (event.type) {
    case 'move': {
      if (state.phase !== 'idle' && state.phase !== 'pulling' && state.phase !== 'reached') return state;
      const distance = Math.min(Math.max(event.pulled * RESISTANCE, 0), PULL_RANGE_PX * 2);
      if (distance === 0) return initialPull;
      return { phase: distance >= PULL_RANGE_PX ? 'reached' : 'pulling', distance };
    }
    case 'release':
      if (state.phase === 'reached') return { phase: 'refreshing', distance: PULL_RANGE_PX };
      if (state.phase === 'pulling') return { phase: 'aborting', distance: 0 };
      return state;
    case 'refreshed':
      return state.phase === 'refreshing' ? { phase: 'restoring', distance: 0 } : state;
    case 'settled':
      return state.phase === 'aborting' || state.phase === 'restoring' ? initialPull : state;
  }
}
