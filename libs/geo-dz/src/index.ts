export * from './normalize';
export * from './recognize-wilaya';
export * from './wilayas';
