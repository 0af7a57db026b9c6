export * from './roles';
export * from './initials';
export * from './limits';
export * from './locations';
export * from './assets';
export * from './assessments';
export * from './actions';
