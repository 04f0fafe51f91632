// The contract's money rules, shared by the app and the server (`npm run test:mutation`).
import { mutationTarget } from './scripts/mutation.mjs';

export default mutationTarget({
  name: 'contract',
  project: 'contract',
  tests: ['src/loan/*.test.ts'],
  // Without the message catalogue and the rejection reasons' words: sentences, not money rules.
  mutate: [
    'packages/contract/src/loan/*.ts',
    '!packages/contract/src/loan/*.test.ts',
    '!packages/contract/src/loan/messages.ts',
    '!packages/contract/src/loan/reject-reasons.ts',
  ],
  breakAt: 99,
});
