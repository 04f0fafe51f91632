/**
 * Which browser origins the server trusts: `'localhost'` means any port of localhost,
 * 127.0.0.1 or [::1] (the shell and each remote run on their own port in development).
 */
export type OriginRule = 'localhost' | '*' | readonly string[];

/** "localhost", "*", or a comma-separated list of origins such as "https://app.example.com". */
export function parseOrigins(name: string, value: string): OriginRule {
  if (value === 'localhost' || value === '*') return value;
  return value.split(',').map((item) => {
    try {
      const url = new URL(item.trim());
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
      return url.origin;
    } catch {
      throw new Error(`${name} lists "${item.trim()}", which is not an http(s) origin.`);
    }
  });
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function originAllowed(rule: OriginRule, origin: string): boolean {
  if (rule === '*') return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (rule === 'localhost') return LOCAL_HOSTS.has(url.hostname);
  return rule.includes(url.origin);
}
