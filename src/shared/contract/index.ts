export * from './errors';
export * from './common';
export * from './auth';
export * from './locations';
export * from './assets';
export * from './assessments';
export * from './actions';
export * from './media';
