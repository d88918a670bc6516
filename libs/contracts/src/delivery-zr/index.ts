export * from './delivery-account.dto';
export * from './views';
export * from './delivery-zr.patterns';
export * from './carrier-apis';
export * from './labels.dto';
export * from './state-table.dto';
