// DESIGN §2's import rules as `import-x/no-restricted-paths` zones, one place for the lint
// config and for the test that proves the rule bites.
import { createRequire } from 'node:module';

/** The remotes' packages, as the repository lists them (packages/federation/src/pages/remotes.json). */
const REMOTES = Object.values(createRequire(import.meta.url)('../packages/federation/src/pages/remotes.json'));
const here = (folder) => `./${folder}`;
const HOSTS = ['./shell', './ops'];
const APPS = [...REMOTES.map(here), ...HOSTS, './server'];

/**
 * The contract's packages and what each may import, in the one direction they are built:
 * contract ← host-sdk ← ui ← federation, and testing beside them for tests. A package never
 * imports an app (a host's or a remote's internals), and no import runs back up this list, so no
 * package depends on another in a circle. The UI kit's own tests use the test host.
 */
export const PACKAGE_IMPORTS = {
  contract: [],
  'host-sdk': ['contract'],
  ui: ['contract', 'host-sdk', 'testing'],
  federation: ['contract', 'host-sdk', 'ui', 'testing'],
  testing: ['contract', 'host-sdk'],
};
const PACKAGES = Object.keys(PACKAGE_IMPORTS);
const pkg = (name) => `./packages/${name}`;

/** What the server may take from the packages: the contract and its rules, never the client side. */
export const SERVER_MAY_IMPORT = ['contract'];

export const layering = [
  ...PACKAGES.map((name) => ({
    target: pkg(name),
    from: [...APPS, ...PACKAGES.filter((other) => other !== name && !PACKAGE_IMPORTS[name].includes(other)).map(pkg)],
    message: `@instalment/${name} imports only ${PACKAGE_IMPORTS[name].map((other) => `@instalment/${other}`).join(', ') || 'its own files'}, never an app (DESIGN §2).`,
  })),
  ...REMOTES.map((remote) => ({
    target: here(remote),
    from: [...REMOTES.filter((other) => other !== remote).map(here), ...HOSTS, './server'],
    message: 'A remote imports only the @instalment packages (DESIGN §2).',
  })),
  {
    target: './shell',
    from: [...REMOTES.map(here), './ops', './server'],
    message: 'The shell imports only the @instalment packages (DESIGN §2).',
  },
  {
    target: './ops',
    from: [...REMOTES.map(here), './shell', './server'],
    message: 'The operations host imports only the @instalment packages, as the shell does.',
  },
  ...HOSTS.map((host) => ({
    target: `${host}/src`,
    from: ['./packages/federation/src/harness', pkg('testing')],
    message: 'A host ships neither the standalone harness nor the test host.',
  })),
  {
    target: './server/src',
    from: [...REMOTES.map(here), './shell', './ops'],
    message: 'The server imports only the contract (DESIGN §2).',
  },
  {
    target: './server/src',
    from: './packages',
    except: SERVER_MAY_IMPORT.map(here),
    message: `The server imports only the contract (${SERVER_MAY_IMPORT.map((name) => `@instalment/${name}`).join(', ')}).`,
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
];
