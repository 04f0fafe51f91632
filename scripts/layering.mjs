// DESIGN §2's import rules as `import-x/no-restricted-paths` zones, one place for the lint
// config and for the test that proves the rule bites.
import { createRequire } from 'node:module';

/** The remotes' packages, as the repository lists them (shared/src/pages/remotes.json). */
const REMOTES = Object.values(createRequire(import.meta.url)('../shared/src/pages/remotes.json'));
const here = (folder) => `./${folder}`;

/** What the server may take from shared: the contract and the rules, never the client side. */
export const SERVER_MAY_IMPORT = ['api', 'loan', 'validation', 'format', 'i18n'];

export const layering = [
  ...REMOTES.map((remote) => ({
    target: here(remote),
    from: [...REMOTES.filter((other) => other !== remote).map(here), './shell', './ops', './server'],
    message: 'A remote imports only @instalment/shared (DESIGN §2).',
  })),
  {
    target: './shell',
    from: [...REMOTES.map(here), './ops', './server'],
    message: 'The shell imports only @instalment/shared (DESIGN §2).',
  },
  {
    target: './ops',
    from: [...REMOTES.map(here), './shell', './server'],
    message: 'The operations host imports only @instalment/shared, as the shell does.',
  },
  {
    target: './ops/src',
    from: ['./shared/src/harness', './shared/src/testing'],
    message: 'The operations host does not ship the standalone harness or the test host.',
  },
  {
    target: './shell/src',
    from: ['./shared/src/harness', './shared/src/testing'],
    message: 'The shell does not ship the standalone harness or the test host.',
  },
  {
    target: './shared',
    from: [...REMOTES.map(here), './shell', './ops', './server'],
    message: 'shared is imported by the app, never the other way round.',
  },
  {
    target: './server/src',
    from: [...REMOTES.map(here), './shell'],
    message: 'The server imports only the contract and rules from shared (DESIGN §2).',
  },
  {
    target: './server/src',
    from: './shared/src',
    except: SERVER_MAY_IMPORT.map((part) => `./${part}`),
    message: `The server imports only the contract and rules from shared (${SERVER_MAY_IMPORT.join(', ')}).`,
  },
  // The server's own layers point one way: routes (HTTP) → services (rules) → repositories (SQL) → db.
  {
    target: './server/src/services',
    from: ['./server/src/http', './server/src/routes'],
    message: 'A service states rules for any caller: it takes typed commands and never imports the HTTP edge.',
  },
  {
    target: './server/src/repositories',
    from: ['./server/src/services', './server/src/http', './server/src/routes'],
    message: 'A repository only reads and writes rows; rules live in the services above it.',
  },
  {
    target: './server/src/db',
    from: ['./server/src/repositories', './server/src/services', './server/src/http', './server/src/routes'],
    message: 'The database layer knows nothing of the layers built on it.',
  },
  {
    target: './shared/src/api',
    from: [
      './shared/src/http',
      './shared/src/host',
      './shared/src/ui',
      './shared/src/session',
      './shared/src/upload',
      './shared/src/harness',
      './shared/src/pages',
    ],
    message: 'The contract stands alone: the client builds on it, not the other way round.',
  },
];
