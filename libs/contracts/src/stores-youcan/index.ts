export * from './init-store.query';
export * from './store.dto';
export * from './stores-youcan.patterns';
