// What the remotes' operator screens are drawn with: tables, list controls, receipts, setting forms, the console's words.
export * from './props';
export * from './console-api';
export * from './messages';
export * from './words';
export * from './DataTable';
export * from './ProofImage';
export * from './Payee';
export * from './ListControls';
export * from './SettingForm';
export * from './acts';
