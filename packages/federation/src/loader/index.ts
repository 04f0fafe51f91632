// How a host loads its remotes' modules: registration from config.json with retried manifests,
// each remote's release chosen per device (a canary's side, a fallback to stable), and the
// page-loading rule (nothing for 200 ms, a loading view, a failure at 60 s, a retry that reloads
// the remote). The borrower shell and the operations host both load this way.
export * from './config';
export * from './remotes';
export { deviceId, sampled, sideOf, type Side } from './assignment';
export { onRemoteEvent, remoteOfFile, remoteRelease, type DeviceRelease, type RemoteEvent } from './release';
export * from './RemoteView';
export { onRenderError } from './ErrorBoundary';
export * from './timing';
export * from './useTimedLoad';
