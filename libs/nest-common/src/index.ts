// Everything a service with a database needs: the core and the database helpers.
export * from './core';
export * from './db/orm-options';
export * from './db/run-migrations';
export * from './service-core.module';
export * from './db/idempotent-write';
export * from './db/retry-transaction';
export * from './bootstrap-service';
