// How a host loads its remotes' modules: registration from config.json with retried manifests,
// and the page-loading rule (nothing for 200 ms, a loading view, a failure at 60 s, a retry that
// reloads the remote). The borrower shell and the operations host both load this way.
export * from './config';
export * from './remotes';
export * from './RemoteView';
export * from './timing';
export * from './useTimedLoad';
