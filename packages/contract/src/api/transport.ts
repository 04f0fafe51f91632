/**
 * What the contract needs of a transport: the http client implements it, and the api's
 * functions are written against it, so the contract never imports the client.
 */
/** Per-call switches (DESIGN §2). */
export interface CallOptions {
  /** Show the loading overlay (default true). */
  loading?: boolean;
  /** Show an error toast when the call fails (default true). */
  toast?: boolean;
  /** Text of the loading overlay (default 'loading...'). */
  loadingText?: string;
  signal?: AbortSignal;
  timeout?: number;
}

export interface UploadOptions extends CallOptions {
  /** Fraction 0..1 of the request body sent. */
  onProgress?: (fraction: number) => void;
}

/** A file the API answered instead of an envelope: its bytes, and the name the server gave it (null when none). */
export interface Downloaded {
  blob: Blob;
  filename: string | null;
}

/** A transport for the contract's calls (the axios client of `@instalment/host-sdk/http` is the one). */
export interface HttpClient {
  readonly baseURL: string;
  get<T>(url: string, params?: object, options?: CallOptions): Promise<T>;
  post<T>(url: string, body?: object, options?: CallOptions): Promise<T>;
  upload<T>(url: string, form: FormData, options?: UploadOptions): Promise<T>;
  /** A GET answered by a file (an export, a proof's image), sent with the session's token as every call; a refusal is an envelope, read as any call's. */
  download(url: string, params?: object, options?: CallOptions): Promise<Downloaded>;
}
