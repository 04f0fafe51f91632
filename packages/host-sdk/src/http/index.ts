// The envelope and the transport's types belong to the contract; the client re-exports them
// so a caller that holds the client has them at hand.
export {
  CODE_FAIL,
  CODE_OK,
  CODE_UNAUTHORIZED,
  type CallOptions,
  type Envelope,
  type HttpClient,
  isEnvelope,
  isSuccess,
  isUploadSuccess,
  type UploadOptions,
} from '@instalment/contract/api';
export * from './errors';
export * from './client';
export { callName, type TakeEarlyCall } from './early';
