import axios, { type AxiosRequestConfig, isCancel } from 'axios';
import {
  CODE_UNAUTHORIZED,
  type CallOptions,
  type Downloaded,
  type Envelope,
  type HttpClient,
  isEnvelope,
  isSuccess,
  isUploadSuccess,
  TOKEN_HEADER,
} from '@instalment/contract/api';
import { commonMessages, type CommonMessageKey } from '@instalment/contract/i18n';
import { translator } from '@instalment/contract/i18n';
import { ApiError } from './errors';
import { callName, earlySuccess, type TakeEarlyCall } from './early';

/** SPEC §9: default request time-out 10 s; network (upload) time-outs 60 s; toasts 2 s. */
export const REQUEST_TIMEOUT_MS = 10_000;
export const UPLOAD_TIMEOUT_MS = 60_000;
export const TOAST_MS = 2_000;

/** What the client needs of the screen; the shell implements it, tests record it. */
export interface HttpUi {
  toast(message: string, kind: 'error' | 'info', durationMs: number): void;
  showLoading(text: string): void;
  hideLoading(): void;
}

export interface HttpClientOptions {
  baseURL: string;
  getToken: () => string | null | undefined;
  /** How the token travels: the borrower API's `token` header, or the console's `Authorization: Bearer`. */
  tokenAs?: 'token' | 'bearer';
  /** Code 401: the owner clears the session and goes to the login page. */
  onUnauthorized: () => void;
  ui?: HttpUi;
  /** Translates the spec's messages; English when absent. */
  t?: (key: CommonMessageKey) => string;
  /** The user's language, sent as Accept-Language so the server answers in it. */
  getLocale?: () => string;
  timeout?: number;
  /** The host page's early answers to opening calls (the shell's); a GET takes its own before asking. */
  takeEarly?: TakeEarlyCall;
}

const silentUi: HttpUi = { toast: () => {}, showLoading: () => {}, hideLoading: () => {} };
const english = translator(commonMessages, 'en');

/** The axios client with SPEC §8's behaviour: one instance per app, made by the shell. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const ui = options.ui ?? silentUi;
  const t = options.t ?? english;
  const instance = axios.create({
    baseURL: options.baseURL,
    timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
    // Every status is read through the envelope: FastAdmin answers 401 with a body.
    validateStatus: () => true,
  });

  async function send<T>(config: AxiosRequestConfig, call: CallOptions, upload: boolean): Promise<T> {
    const showToast = call.toast !== false;
    let status: number | undefined;
    const fail = (message: string, code: ApiError['code'], data: unknown = null): never => {
      if (showToast && code !== 'aborted') ui.toast(message, 'error', TOAST_MS);
      throw new ApiError(message, code, data, status);
    };
    const token = options.getToken();
    const withLoading = call.loading !== false;
    if (withLoading) ui.showLoading(call.loadingText ?? t(upload ? 'uploading' : 'loading'));
    try {
      let body: unknown;
      // A file is never among the host page's early answers (they are the opening calls' envelopes).
      const file = config.responseType === 'arraybuffer';
      const early =
        config.method === 'GET' && !file ? options.takeEarly?.(callName(config.url ?? '', config.params), token ?? '') : undefined;
      const taken = early && (await earlySuccess<T>(early, call.timeout ?? options.timeout ?? REQUEST_TIMEOUT_MS));
      if (taken) return taken.data;
      try {
        const response = await instance.request({
          ...config,
          signal: call.signal,
          timeout: call.timeout ?? (upload ? UPLOAD_TIMEOUT_MS : config.timeout),
          headers: {
            ...(config.headers as object),
            ...(token ? (options.tokenAs === 'bearer' ? { Authorization: `Bearer ${token}` } : { [TOKEN_HEADER]: token }) : {}),
            ...(options.getLocale ? { 'Accept-Language': options.getLocale() } : {}),
          },
        });
        status = response.status;
        body = response.data;
        if (file) {
          const type = String(response.headers['content-type'] ?? '');
          // A file is what a success answers; a refusal is still an envelope, read below.
          if (status < 300 && !type.includes('json'))
            return fileOf(body as ArrayBuffer, type, response.headers['content-disposition']) as T;
          body = jsonOf(body as ArrayBuffer);
        }
      } catch (error) {
        if (isCancel(error) || call.signal?.aborted) return fail('aborted', 'aborted');
        return fail(t(upload ? 'uploadFailed' : 'networkFailed'), 'network');
      }
      if (!isEnvelope(body)) {
        if (status === CODE_UNAUTHORIZED) return unauthorized();
        return fail(t(upload ? 'uploadFailed' : 'requestFailed'), 'unparseable');
      }
      const envelope = body as Envelope<T>;
      if (upload ? isUploadSuccess(envelope) : isSuccess(envelope)) return envelope.data;
      if (envelope.code === CODE_UNAUTHORIZED || status === CODE_UNAUTHORIZED) return unauthorized();
      if (upload) return fail(envelope.msg || envelope.message || t('uploadFailed'), envelope.code, envelope.data);
      if (envelope.code === 0) return fail(envelope.msg || t('requestFailed'), 0, envelope.data);
      return fail(envelope.message || envelope.msg || t('requestFailed'), envelope.code, envelope.data);
    } finally {
      if (withLoading) ui.hideLoading();
    }

    // The user is taken away from the page that made the call, so the reason is always told,
    // even for a call that asked for no toast.
    function unauthorized(): never {
      options.onUnauthorized();
      const message = t('loginExpired');
      if (!showToast) ui.toast(message, 'error', TOAST_MS);
      return fail(message, CODE_UNAUTHORIZED);
    }
  }

  return {
    baseURL: options.baseURL,
    get: (url, params, call = {}) => send({ method: 'GET', url, params }, call, false),
    post: (url, body, call = {}) => send({ method: 'POST', url, data: body ?? {} }, call, false),
    upload: (url, form, call = {}) =>
      send(
        {
          method: 'POST',
          url,
          data: form,
          onUploadProgress: (event) => {
            if (call.onProgress && event.total) call.onProgress(event.loaded / event.total);
          },
        },
        call,
        true,
      ),
    // Bytes rather than a Blob: the same in a browser and in Node.
    download: (url, params, call = {}) => send<Downloaded>({ method: 'GET', url, params, responseType: 'arraybuffer' }, call, false),
  };
}

function fileOf(bytes: ArrayBuffer, type: string, disposition: unknown): Downloaded {
  const filename = /filename="?([^";]+)"?/.exec(String(disposition ?? ''))?.[1] ?? null;
  return { blob: new Blob([bytes], { type }), filename };
}

/** A refusal's envelope, read from the bytes asked for; null when it is not JSON. */
function jsonOf(bytes: ArrayBuffer): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
}
