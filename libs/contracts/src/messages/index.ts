export * from './catalogue';
export * from './user-message';
