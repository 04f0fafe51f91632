import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The renderer is plain CommonJS shared with `npm run rehearse`.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script without types
const { renderNginxConfig } = require('./nginx-config') as { renderNginxConfig: (deployment: object) => string };
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script without types
const { pagePolicy } = require('./page-policy') as {
  pagePolicy: (files: { config: string | null; page: string | null }) => Record<string, string>;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script without types
const { nginxBinary } = require('./nginx') as { nginxBinary: () => string | null };

let dir: string;
const CONFIG = JSON.stringify({ apiBaseURL: 'https://api.example.com', remotes: { mf_news: 'https://news.example.com/mf-manifest.json' } });
const PAGE = "<!doctype html><script>fetch('config.json')</script>";

const deployment = (overrides: object = {}) => ({
  sites: {
    shell: { listen: '8443', server_name: 'app.example.com', root: path.join(dir, 'shell') },
    'mf-news': { listen: '8443', server_name: 'news.example.com', root: path.join(dir, 'mf-news') },
  },
  api: { listen: '8443', server_name: 'api.example.com', servers: ['10.0.0.11:3100', '10.0.0.12:3100'] },
  hostOrigins: ['https://app.example.com'],
  brotli: false,
  ...overrides,
});

/** The server block that serves `name`. */
const serverOf = (text: string, name: string) => text.split(/^server \{$/m).find((block) => block.includes(`server_name ${name};`))!;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-config-'));
  fs.mkdirSync(path.join(dir, 'shell'));
  fs.writeFileSync(path.join(dir, 'shell', 'config.json'), CONFIG);
  fs.writeFileSync(path.join(dir, 'shell', 'index.html'), PAGE);
  fs.mkdirSync(path.join(dir, 'mf-news'));
  fs.writeFileSync(path.join(dir, 'mf-news', 'index.html'), '<!doctype html>');
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test("a host's server sends the static servers' policy for its build, and shares nothing", () => {
  const shell = serverOf(renderNginxConfig(deployment()), 'app.example.com');
  const expected = pagePolicy({ config: CONFIG, page: PAGE });
  expect(shell).toContain(`set $page_policy "${expected['Content-Security-Policy']}";`);
  expect(expected['Content-Security-Policy']).toContain('https://news.example.com');
  for (const name of ['X-Frame-Options', 'X-Content-Type-Options', 'Referrer-Policy'])
    expect(shell).toContain(`add_header ${name} "${expected[name]}" always;`);
  expect(shell).toContain('set $cors_origin "";');
});

test("a remote's server shares its files with the hosts' origins only", () => {
  const text = renderNginxConfig(deployment());
  expect(serverOf(text, 'news.example.com')).toContain('set $cors_origin $instalment_cors_origin;');
  expect(text).toMatch(/map \$http_origin \$instalment_cors_origin \{\s+default "";\s+"https:\/\/app\.example\.com" \$http_origin;\s+\}/);
});

test('the API processes are the upstream; brotli only where the module is', () => {
  const text = renderNginxConfig(deployment());
  expect(text).toContain('    server 10.0.0.11:3100;\n    server 10.0.0.12:3100;');
  expect(text).not.toMatch(/^brotli_static on;/m);
  expect(renderNginxConfig(deployment({ brotli: true }))).toMatch(/^brotli_static on;/m);
});

test('a value that would end its quotes or name a variable is refused', () => {
  expect(() => renderNginxConfig(deployment({ hostOrigins: ['https://app.example.com"; evil'] }))).toThrow(/Cannot write/);
  expect(() => renderNginxConfig(deployment({ hostOrigins: ['$host'] }))).toThrow(/Cannot write/);
});

const nginx = nginxBinary();
(nginx ? test : test.skip)('nginx accepts the rendered configuration', () => {
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(path.join(dir, 'instalment.conf'), renderNginxConfig(deployment()));
  // Everything nginx would open or create stays in the test's folder, so no root is needed.
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `${name}_temp_path ${dir}/${name};`).join('\n');
  fs.writeFileSync(
    conf,
    `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\naccess_log off;\n${temp}\ninclude /etc/nginx/mime.types;\ninclude ${dir}/instalment.conf;\n}\n`,
  );
  expect(() => execFileSync(nginx!, ['-t', '-q', '-p', dir, '-c', conf, '-e', `${dir}/error.log`], { stdio: 'pipe' })).not.toThrow();
});
