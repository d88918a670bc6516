export * from './auth.dto';
export * from './identity.patterns';
export * from './token';
export * from './session.dto';
export * from './session.patterns';
