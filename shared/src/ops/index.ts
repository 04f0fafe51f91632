// The operations console's contract between its host and the remotes' staff screens.
export * from './pages';
export * from './props';
export * from './messages';
export * from './words';
export * from './DataTable';
export * from './Receipt';
export * from './ListControls';
export * from './SettingForm';
