import path from 'node:path';

/**
 * The variables whose form a JSON Schema cannot state with a clear message: each is checked after
 * the schema, by a function that names the variable when its value does not parse.
 */

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** NEWS_IMAGE_HOSTS: a comma-separated list of host names such as `img.example.com`. */
export function hostsOf(value: string): readonly string[] {
  return value.split(',').map((item) => {
    const host = item.trim().toLowerCase();
    if (!HOST_NAME.test(host)) throw new Error(`NEWS_IMAGE_HOSTS lists "${item.trim()}", which is not a host name.`);
    return host;
  });
}

/** TRUST_PROXY: a comma-separated list of proxy addresses or CIDR ranges. */
export function proxiesOf(value: string): string[] {
  const list = value.split(',').map((item) => item.trim());
  if (list.some((item) => !/^[0-9A-Fa-f.:]+(\/\d{1,3})?$/.test(item))) {
    throw new Error(`TRUST_PROXY must be a list of proxy addresses or CIDR ranges, not "${value}".`);
  }
  return list;
}

/** BUSINESS_TIMEZONE: an IANA zone the runtime knows, such as `Asia/Shanghai`. */
export function timeZoneOf(value: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    throw new Error(`BUSINESS_TIMEZONE must be an IANA time zone such as Asia/Shanghai, not "${value}".`);
  }
}

export function databaseUrlOf(value: string): string {
  if (!/^postgres(ql)?:\/\//.test(value)) throw new Error('DATABASE_URL must be a postgres:// URL (leave it unset for the SQLite file).');
  return value;
}

/** An absolute http(s) URL without a trailing slash (a path prefix behind a proxy is kept). */
export function baseUrl(name: string, value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, not "${value}".`);
  }
}

/** An env file keeps a PEM on one line, its breaks written as \n. */
export const pem = (value: string) => value.replace(/\\n/g, '\n');

/** HOST_CONFIGS: absolute paths of the hosts' config.json files, comma-separated. */
export function hostConfigsOf(value: string): string[] {
  const paths = value.split(',').map((item) => item.trim());
  const relative = paths.find((item) => !path.isAbsolute(item));
  if (relative !== undefined) throw new Error(`HOST_CONFIGS must list absolute paths, not "${relative}".`);
  return paths;
}

/** HOST_CONFIG_KEYS: the bucket's keys of the hosts' config.json, comma-separated (`shell/config.json`). */
export function hostConfigKeysOf(value: string): string[] {
  const keys = value.split(',').map((item) => item.trim());
  const wrong = keys.find((key) => !/^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/.test(key));
  if (wrong !== undefined) throw new Error(`HOST_CONFIG_KEYS must list keys of the bucket such as shell/config.json, not "${wrong}".`);
  return keys;
}

/** RELEASE_FILES: `{"mf_news": "/abs/mf-news/dist", …}`, each remote's container name and its builds' absolute folder. */
export function releaseFilesOf(value: string): Record<string, string> {
  const problem = `RELEASE_FILES must be a JSON object of remotes' names and absolute folders, such as {"mf_news": "/srv/mf-news/dist"}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error(`${problem}, not "${value}".`);
  }
  const entries = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? Object.entries(parsed) : null;
  if (
    !entries ||
    entries.some(([remote, folder]) => !/^[A-Za-z_]\w*$/.test(remote) || typeof folder !== 'string' || !path.isAbsolute(folder))
  )
    throw new Error(`${problem}, not "${value}".`);
  return Object.fromEntries(entries) as Record<string, string>;
}
