export * from './roles';
export * from './initials';
export * from './limits';
