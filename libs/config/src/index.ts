export * from './load-config';
export * from './env-var.decorator';
export * from './common.config';
export * from './rpc-keys';
