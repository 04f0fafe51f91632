import http from 'node:http';

/** What came back: the status, the headers and the body as text. */
export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A keep-alive agent for many calls (a load run); none opens a connection for this call alone. */
  agent?: http.Agent | false;
}

/**
 * One HTTP call over node:http, as Alipay's notifies and the load runs make them: no five-minute
 * header time-out, and a third of fetch's CPU a call, which on a load run shares the machine with
 * the server it measures.
 */
export function request(url: string, { method = 'GET', headers = {}, body, agent = false }: RequestOptions = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const call = http.request(url, { method, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end(body);
  });
}
