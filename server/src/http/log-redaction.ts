import type { FastifyRequest, FastifyServerOptions } from 'fastify';

const CENSOR = '[REDACTED]';

/**
 * What lets someone into an account or names a person: the fields the contract accepts for
 * them (packages/contract/src/api/schemas) and the signature of a file link. A log is read by more people,
 * and kept longer, than the database, so none of them is written there, wherever it turns up.
 */
const SECRET_FIELDS = [
  'password',
  'oldpassword',
  'newpassword',
  'new_password',
  'totp',
  'totp_secret',
  'otpauth',
  'enrolment_code',
  'enrolment_link',
  'code',
  'captcha',
  'token',
  'signature',
  'mobile',
  'account',
  'id_card',
  'id_number',
  'bank_card',
  'real_name',
];

/** The session headers, and the secret fields wherever a log line or the request it names carries them. */
const REDACTED_PATHS = [
  ...['authorization', 'token', 'cookie'].flatMap((header) => [`headers.${header}`, `req.headers.${header}`]),
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((field) => [
    field,
    `body.${field}`,
    `query.${field}`,
    `req.body.${field}`,
    `req.query.${field}`,
    // An error's `code` is Aliyun's or Fastify's, which the log needs.
    ...(field === 'code' ? [] : [`*.${field}`]),
  ]),
];

/** A request's URL with the values of secret query parameters censored (a file link's signature, a looked-up phone). */
function censoredUrl(url: string): string {
  const cut = url.indexOf('?');
  if (cut < 0) return url;
  const query = new URLSearchParams(url.slice(cut + 1));
  for (const field of SECRET_FIELDS) if (query.has(field)) query.set(field, CENSOR);
  return `${url.slice(0, cut)}?${query}`;
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * The logger as it is asked for, with secrets kept out: whoever configures it (main.ts, a test
 * capturing the log) gets the same redaction, and cannot turn it off.
 */
export function redactedLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options: LoggerOptions = logger === true ? {} : logger;
  return {
    ...options,
    redact: { paths: REDACTED_PATHS, censor: CENSOR },
    serializers: {
      ...options.serializers,
      // Fastify's own request serializer, with the query censored.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: censoredUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
