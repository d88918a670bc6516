export * from './normalize';
export * from './recognize-wilaya';
export * from './wilayas';
export * from './recognize-commune';
