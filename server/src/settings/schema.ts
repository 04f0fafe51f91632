import { CANARY_ABORT } from '@instalment/contract/api';
import { DEFAULT_BUSINESS_TIMEZONE } from '@instalment/contract/format';
import { Type, type Static, type TSchema } from '@sinclair/typebox';

/**
 * Every environment variable the server reads, each with its type, default, range and
 * description once: `read.ts` validates the environment against it, `config.ts` maps it to the
 * code's `AppConfig`, and `table.ts` writes server/README.md's tables from it.
 */

interface Annotations {
  description: string;
  /** What the README's Default column says where no value is the default: what leaving it unset means. */
  unset?: string;
}

const whole = (minimum: number, maximum: number, value: number, annotations: Annotations) =>
  Type.Integer({ minimum, maximum, default: value, ...annotations });

const choice = <T extends string>(values: readonly T[], value: T, annotations: Annotations) =>
  Type.Unsafe<T>({ type: 'string', enum: values, default: value, ...annotations });

const flag = (annotations: Annotations) => Type.Boolean({ default: false, ...annotations });

const text = (value: string, annotations: Annotations) => Type.String({ default: value, ...annotations });

/** A variable whose absence means something of its own (a random key, AWS's endpoint, none). */
const optional = <T extends TSchema>(schema: T) => Type.Optional(schema);
const unsetText = (annotations: Annotations) => optional(Type.String(annotations));

const S3 = 'With `STORAGE=s3`';
const ALIYUN = 'Required with `SMS_PROVIDER=aliyun`.';
const ALIPAY = 'Required with `PAYMENT_PROVIDER=alipay`.';

/** Everything but the abuse limits, in the order server/README.md lists them under "Environment". */
export const ENVIRONMENT = Type.Object({
  PORT: whole(0, 65535, 3100, { description: 'Port to listen on.' }),
  HOST: text('localhost', { description: 'Address to bind (`0.0.0.0` in a container).' }),
  DATABASE_FILE: unsetText({
    description: 'SQLite file, relative to the working directory; `:memory:` for a throw-away database.',
    unset: '`server/data/instalment.db`',
  }),
  DATABASE_URL: unsetText({
    description: '`postgres://…`: PostgreSQL instead of the SQLite file (several API processes may share it).',
  }),
  STORAGE: choice(['local', 's3'], 'local', {
    description:
      'Where uploaded files are kept: `local` (a folder, `UPLOAD_DIR`) or `s3` (an S3-compatible bucket: Aliyun OSS, MinIO, AWS), "Uploads on object storage".',
  }),
  UPLOAD_DIR: unsetText({
    description: 'With `STORAGE=local`: the folder uploaded files are stored in.',
    unset: '`uploads/` beside the database',
  }),
  S3_ENDPOINT: unsetText({
    description: `${S3}: the service's URL, e.g. \`https://oss-cn-hangzhou.aliyuncs.com\` or a MinIO's \`http://minio.internal:9000\`.`,
    unset: "AWS's for the region",
  }),
  S3_REGION: unsetText({ description: `${S3}, required: the bucket's region (\`oss-cn-hangzhou\`, \`us-east-1\` for MinIO).` }),
  S3_BUCKET: unsetText({ description: `${S3}, required: the bucket, private (no public read).` }),
  S3_ACCESS_KEY_ID: unsetText({
    description: `${S3}, required: the id of a key allowed to get, put, delete and list objects in that bucket (and \`HeadBucket\`).`,
  }),
  S3_SECRET_ACCESS_KEY: unsetText({ description: `${S3}, required: that key's secret.` }),
  S3_FORCE_PATH_STYLE: flag({
    description: `${S3}: \`1\` addresses \`endpoint/bucket/key\` instead of \`bucket.endpoint/key\` (MinIO and most self-hosted services; not Aliyun OSS).`,
  }),
  NODE_ENV: choice(['development', 'production', 'test'], 'development', {
    description: '`development`, `test` or `production`; production refuses to start on the development defaults ("In production").',
  }),
  DEV_ROUTES: flag({
    description: '`1` registers the development routes below; refused in production. `npm start`, `npm run dev`, e2e and the bench set it.',
  }),
  PUBLIC_URL: unsetText({
    description:
      "This server's absolute URL as browsers reach it (cover images, `fullurl`, proof links). Never taken from the request's `Host`. Required in production.",
    unset: '`http://<bound address>:<port>`',
  }),
  CORS_ORIGINS: text('localhost', {
    description:
      'Browser origins allowed to call the API: `localhost` (any port of localhost, 127.0.0.1, [::1]), `*`, or a comma-separated list of origins. Production requires a list.',
  }),
  APP_URL: text('localhost', {
    description:
      "Origins of the app a payment gateway (Alipay's `return_url`, the sandbox) may send the browser back to; same forms as `CORS_ORIGINS`. Production requires a list.",
  }),
  NEWS_IMAGE_HOSTS: unsetText({
    description:
      'Hosts (`img.example.com,cdn.example.com`) whose `https://` images a news article may take as its cover. Unset, a cover must be an image this server serves (an uploaded image or an illustration); any other cover is refused.',
    unset: 'none',
  }),
  TRUST_PROXY: unsetText({
    description:
      "Behind a reverse proxy: the proxies' addresses or CIDR ranges (`10.0.0.0/8,127.0.0.1`), whose `X-Forwarded-For` gives the client's address. Unset, every client behind the proxy shares the proxy's address and its per-address limits.",
    unset: 'none',
  }),
  FILE_URL_SECRET: optional(
    Type.String({
      minLength: 32,
      description: 'Key of the signed links to uploaded files. Required in production; with the random key, links die at restart.',
      unset: 'random per process',
    }),
  ),
  DATA_KEYS: unsetText({
    description:
      'The keys ID numbers and bank cards are encrypted with: `k2:<base64>*,k1:<base64>`, each key id with 32 bytes in base64, the current one ending in `*`. Required in production. See "Personal data at rest".',
    unset: 'fixed development key',
  }),
  DATA_INDEX_KEY: unsetText({
    description: "32 bytes in base64: the key of the ID numbers' blind index. Required with `DATA_KEYS`; never changed once data exists.",
    unset: 'fixed development key',
  }),
  PASSWORD_COST_LOG2: whole(10, 20, 17, {
    description: 'scrypt cost as log2 N (r = 8, p = 1). At least the default in production; the tests use 10.',
  }),
  SMS_PROVIDER: choice(['aliyun', 'outbox'], 'outbox', {
    description:
      '`aliyun`: codes and reminders through Aliyun SMS; `outbox`: kept in a table the development route reads (refused in production).',
  }),
  ALIYUN_ACCESS_KEY_ID: unsetText({ description: `The RAM user's AccessKey id (it needs \`dysms:SendSms\`). ${ALIYUN}` }),
  ALIYUN_ACCESS_KEY_SECRET: unsetText({ description: `That AccessKey's secret. ${ALIYUN}` }),
  ALIYUN_SMS_SIGN_NAME: unsetText({ description: `The approved signature (签名). ${ALIYUN}` }),
  ALIYUN_SMS_TEMPLATE_CODE: unsetText({ description: `The verification template, whose text has \`\${code}\`. ${ALIYUN}` }),
  ALIYUN_SMS_DUE_TEMPLATE_CODE: unsetText({
    description:
      'The template of the reminder 3 days before a due date, with `${order}`, `${period}`, `${amount}`, `${date}`. Unset: not sent, and the start says so.',
  }),
  ALIYUN_SMS_OVERDUE_TEMPLATE_CODE: unsetText({
    description:
      'The template of the reminder the day after a due date passes unpaid, with the same parameters. Unset: not sent, and the start says so.',
  }),
  ALIYUN_SMS_AUTOPAY_DUE_TEMPLATE_CODE: unsetText({
    description:
      'The reminder 3 days before a due date to a borrower whose withholding agreement will charge it ("will be charged automatically"), with the same parameters. Required with `AUTOPAY=1` in production.',
  }),
  ALIYUN_SMS_AUTOPAY_CHARGED_TEMPLATE_CODE: unsetText({
    description:
      'The notice after a due amount was charged automatically, with the same parameters. Required with `AUTOPAY=1` in production.',
  }),
  ALIYUN_SMS_AUTOPAY_FAILED_TEMPLATE_CODE: unsetText({
    description:
      'The notice after the last attempt to charge a due amount failed ("pay in the app before the penalty starts"), with the same parameters. Required with `AUTOPAY=1` in production.',
  }),
  ALIYUN_SMS_ENDPOINT: text('dysmsapi.aliyuncs.com', { description: "Host (HTTPS) or an `http://` URL (the tests' loopback fake)." }),
  PAYMENT_PROVIDER: choice(['alipay', 'sandbox'], 'sandbox', {
    description:
      '`alipay`: repayments through Alipay; `sandbox`: the test gateway at `/sandbox/pay`, where no money moves (refused in production).',
  }),
  ALIPAY_APP_ID: unsetText({ description: `The app's id on Alipay's open platform. ${ALIPAY}` }),
  ALIPAY_PRIVATE_KEY: unsetText({ description: `The app's RSA2 private key, PEM (line breaks may be written \`\\n\`). ${ALIPAY}` }),
  ALIPAY_PUBLIC_KEY: unsetText({ description: `Alipay's public key, PEM: it verifies every notify and answer. ${ALIPAY}` }),
  ALIPAY_GATEWAY: text('https://openapi.alipay.com/gateway.do', { description: 'The gateway (the tests point it at a loopback fake).' }),
  ALIPAY_AGREEMENT_SIGN_SCENE: text('DEFAULT|DEFAULT', {
    description: "The withholding agreement's sign scene (`sign_scene`) as agreed with Alipay for the app's 商家扣款 product.",
  }),
  AUTOPAY: flag({
    description:
      'Automatic repayment: borrowers may sign an Alipay withholding agreement, and each due amount is charged on it on the due date ("Automatic repayment").',
  }),
  AUTOPAY_HOURS: text('10,16,20', {
    description:
      'The hours (0-23, in `BUSINESS_TIMEZONE`, comma-separated) at which due amounts are charged, on the due date and the day after; a failed charge is tried again at the next one.',
  }),
  AUTOPAY_ATTEMPTS: whole(1, 48, 4, {
    description: 'The most charges tried for one due amount; after the last one fails the borrower is told to pay in the app.',
  }),
  AUTOPAY_CHARGE_CAP: whole(1, 10_000_000, 20_000, {
    description:
      'The most one charge may take, in yuan (Alipay asks a withholding merchant for a limit): a larger due amount is not charged, and the borrower is told.',
  }),
  AUTOPAY_MONTHLY_CAP: whole(1, 100_000_000, 50_000, {
    description: 'The most one agreement may be charged in a calendar month (`BUSINESS_TIMEZONE`), in yuan.',
  }),
  BACKGROUND_LEASE_SECONDS: whole(3, 3600, 30, {
    description: 'How long the background lease lasts unrenewed: the work of a process that died moves to another after this.',
  }),
  METRICS_PORT: optional(
    Type.Integer({
      minimum: 0,
      maximum: 65535,
      description:
        'Serves Prometheus metrics at `/metrics` on this port (on `METRICS_HOST`), never on the public `PORT`; unset: no metrics server. See "Metrics".',
    }),
  ),
  METRICS_HOST: text('127.0.0.1', {
    description:
      'Address the metrics server binds: loopback, unless a scraper on another machine must reach it (it asks no credentials, so only on a private network).',
  }),
  SHUTDOWN_GRACE_SECONDS: whole(3, 600, 15, {
    description:
      'How long a stop (SIGTERM) may take: for the first third (at most 5 s) `/health/ready` answers 503 while requests are still served, so a load balancer stops sending; then the server stops listening, finishes the requests in flight, releases the background lease and exits 0 (1 past the grace).',
  }),
  APPROVAL_MODE: choice(['auto', 'delay', 'manual'], 'auto', {
    description: '`auto`: approved and disbursed at once; `delay`: after `APPROVAL_DELAY_SECONDS`; `manual`: by `POST /dev/review-loan`.',
  }),
  APPROVAL_DELAY_SECONDS: whole(0, 30 * 24 * 3600, 60, { description: 'The review time in `delay` mode.' }),
  AUTO_CONFIRM_VOUCHERS: flag({
    description: 'Approve payment proofs at once (settling their instalments through the ledger) instead of leaving them pending review.',
  }),
  CREDIT_LIMIT: whole(0, 100_000_000, 50_000, {
    description:
      "Each account's credit line in yuan (unless the account has its own, `users.credit_limit_fen`): the most principal it may owe at once, pending applications included.",
  }),
  TOKEN_TTL_SECONDS: whole(60, 365 * 24 * 3600, 30 * 24 * 3600, { description: 'Lifetime of a login token.' }),
  LOG_LEVEL: choice(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info', {
    description: '`fatal` … `trace`, or `silent`.',
  }),
  BUSINESS_TIMEZONE: text(DEFAULT_BUSINESS_TIMEZONE, {
    description:
      "The IANA zone of the lender's books: the days the console's lists filter by and the times its exports write; served to the borrower's app as `business_timezone` with `GET /api/loan/rates`, in which it reads due dates, today and the days of instants.",
  }),
  RETENTION_YEARS: whole(1, 100, 5, {
    description:
      "How many years a closed account's loan and payment records are kept, read only, before the retention job erases them. At least the default in production.",
  }),
  HOST_CONFIGS: unsetText({
    description:
      "The hosts' `config.json` files (the shell's and the console's), absolute paths, comma-separated: the release service rewrites them all alike, atomically, keeping their other fields (docs/releases.md). Each host's `mf-manifest.json` lies beside its config.",
    unset: 'none: releases are read, not changed, here',
  }),
  HOST_CONFIG_KEYS: unsetText({
    description: `${S3}: the bucket's keys of the hosts' \`config.json\` (\`shell/config.json,ops/config.json\`), for hosts served from the bucket: the release service writes these objects instead of \`HOST_CONFIGS\`'s files, and reads the host's \`mf-manifest.json\` beside the first.`,
    unset: 'none: the files of `HOST_CONFIGS`',
  }),
  RELEASE_FILES: unsetText({
    description:
      'Where each remote\'s builds are on this machine, as JSON: `{"mf_news": "/srv/mf-news/dist", …}`, absolute paths; a remote\'s published releases are the folders of its `releases/`, read for their source maps, listed and pruned.',
    unset: 'none',
  }),
  RELEASE_ABORT_MIN_VIEWS: whole(1, 1_000_000, CANARY_ABORT.minViews, {
    description:
      "The views of a canary (and of its stable) the automatic abort waits for before it judges: its rule compares errors over each release's latest this many views.",
  }),
  RELEASE_KEEP: whole(1, 1000, 5, {
    description:
      'How many published releases of a remote are kept: after each change the older folders are removed, never one a host config names or the stable before.',
  }),
});

/** No limit is off: the largest is far past any real count, the smallest 1. */
const limit = (value: number, description: string) => whole(1, 2 ** 40, value, { description });

/** The abuse limits, in the order server/README.md lists them under "Limits". */
export const LIMITS = Type.Object({
  LOGIN_FAILURES_PER_ACCOUNT: limit(
    5,
    'Wrong passwords per account (its username and phone count as one) within `LOGIN_FAILURE_WINDOW_SECONDS`; then `code: 0`, and password login rests until the oldest failure leaves the window.',
  ),
  LOGIN_FAILURES_PER_ADDRESS: limit(100, 'Failed logins per client address, any accounts, within the same window; then `code: 0`.'),
  LOGIN_FAILURE_WINDOW_SECONDS: limit(15 * 60, 'The window of the two above.'),
  SMS_SENDS_PER_ADDRESS: limit(30, '`POST /api/sms/send` per client address within `ADDRESS_WINDOW_SECONDS`; then HTTP 429.'),
  REGISTRATIONS_PER_ADDRESS: limit(30, '`POST /api/user/register` per client address within `ADDRESS_WINDOW_SECONDS`; then HTTP 429.'),
  LOGINS_PER_ADDRESS: limit(
    300,
    '`POST /api/user/login`, `/mobilelogin`, `/resetpwd`, `/changepwd` and `/changemobile` per client address (each) within `ADDRESS_WINDOW_SECONDS`; then HTTP 429.',
  ),
  UPLOADS_PER_ADDRESS: limit(600, '`POST /api/common/upload` per client address within `ADDRESS_WINDOW_SECONDS`; then HTTP 429.'),
  ADDRESS_WINDOW_SECONDS: limit(10 * 60, 'The window of the four above.'),
  TELEMETRY_BATCHES_PER_ADDRESS: limit(60, "`POST /api/telemetry` (browsers' reports) per client address per minute; then HTTP 429."),
  SMS_RESEND_SECONDS: limit(60, 'Wait between two codes for one phone and event; sooner, `code: 0` with `data: { wait: <seconds left> }`.'),
  SMS_CODES_PER_PHONE_PER_DAY: limit(10, 'Codes per phone (all events) per 24 h; then `code: 0`.'),
  UPLOAD_BYTES_PER_USER_PER_DAY: limit(
    50 * 1024 * 1024,
    'Bytes uploaded per user (files and chunks as received) per 24 h; then `code: 0`.',
  ),
  OPEN_CHUNK_SESSIONS_PER_USER: limit(5, 'Chunked uploads in progress per user; one more is refused with `code: 0`.'),
  STALE_CHUNK_SECONDS: limit(24 * 3600, 'A chunked upload untouched this long is dropped.'),
  CHUNK_SWEEP_SECONDS: limit(3600, 'How often stale chunks are swept while the server runs.'),
  FILE_URL_TTL_SECONDS: limit(3600, 'Lifetime of a signed link to an uploaded file: one to two of these; then 404.'),
});

/** The whole environment as `read.ts` checks it; a variable it does not name is not the server's. */
export const SETTINGS = Type.Object({ ...ENVIRONMENT.properties, ...LIMITS.properties }, { additionalProperties: false });

export type Settings = Static<typeof SETTINGS>;
