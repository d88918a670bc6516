export * from './free-port';
export * from './jwt-keys';
export * from './service-process';
export * from './tcp-proxy';
export * from './test-postgres';
export * from './test-redis';
export * from './test-system';
export * from './metrics-scrape';
