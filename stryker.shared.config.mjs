// The money rules shared by the app and the server (`npm run test:mutation`).
import { mutationTarget } from './scripts/mutation.mjs';

export default mutationTarget({
  name: 'shared',
  project: 'shared',
  tests: ['src/loan/*.test.ts'],
  // Without the message catalogue and the rejection reasons' words: sentences, not money rules.
  mutate: ['shared/src/loan/*.ts', '!shared/src/loan/*.test.ts', '!shared/src/loan/messages.ts', '!shared/src/loan/reject-reasons.ts'],
  breakAt: 99,
});
