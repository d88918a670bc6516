export * from './auth.dto';
export * from './identity.patterns';
export * from './token';
