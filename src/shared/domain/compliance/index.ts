export * from './calendar-date';
export * from './regimes';
export * from './obligation-status';
export * from './flag-evidence';
