import http from 'node:http';

/** An answer as the attacker sees it: the HTTP status, the headers and the envelope. */
export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: { code: number; msg: string; data: unknown };
}

/**
 * One JSON request to the server, with any headers (Host included, which fetch cannot set);
 * `from`: the loopback address it leaves from (127.0.0.2 plays another client's network).
 */
export function request(
  baseURL: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  from?: string,
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const call = http.request(
      `${baseURL}${path}`,
      { method, agent: false, localAddress: from, headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: Answer['body'];
          try {
            parsed = JSON.parse(text) as Answer['body'];
          } catch {
            parsed = { code: -1, msg: text, data: null };
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: parsed });
        });
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}

export const post = (baseURL: string, path: string, body: unknown, headers?: Record<string, string>) =>
  request(baseURL, 'POST', path, body, headers);

/** Runs `count` calls with at most `inFlight` at a time (bounded load on 127.0.0.1), answers in order. */
export async function flood<T>(count: number, inFlight: number, call: (index: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await call(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, count) }, worker));
  return results;
}

/** How many answers carry each message. */
export function tally(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) counts[answer.body.msg] = (counts[answer.body.msg] ?? 0) + 1;
  return counts;
}
