// The server's repayment ledger, judged by its own suites against the real server (`npm run test:mutation`).
import { mutationTarget } from './scripts/mutation.mjs';

export default mutationTarget({
  name: 'server',
  project: 'server',
  tests: ['test/ledger/*.test.ts'],
  mutate: ['server/src/services/ledger.ts'],
  breakAt: 90,
});
