export * from './jobs';
export * from './queue-jobs';
export * from './job-maps';
