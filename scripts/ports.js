// The ports of the composed app, one owner: start, e2e and bench read them from here.
const PACKAGES = [
  { name: 'shell', env: 'SHELL_PORT', port: 3000 },
  { name: 'mf-account', env: 'ACCOUNT_PORT', port: 3001, remote: 'mf_account' },
  { name: 'mf-loan', env: 'LOAN_PORT', port: 3002, remote: 'mf_loan' },
  { name: 'mf-payment', env: 'PAYMENT_PORT', port: 3003, remote: 'mf_payment' },
  { name: 'mf-news', env: 'NEWS_PORT', port: 3004, remote: 'mf_news' },
];
const API = { env: 'API_PORT', port: 3100 };

function portOf(entry, env = process.env) {
  return Number(env[entry.env]) || entry.port;
}

/** The shell's /config.json for a set of ports on one host. */
function runtimeConfig({ host = 'localhost', ports }) {
  const remotes = {};
  for (const pkg of PACKAGES.filter((p) => p.remote)) {
    remotes[pkg.remote] = `http://${host}:${ports[pkg.name]}/mf-manifest.json`;
  }
  return { apiBaseURL: `http://${host}:${ports.api}`, remotes };
}

module.exports = { PACKAGES, API, portOf, runtimeConfig };
