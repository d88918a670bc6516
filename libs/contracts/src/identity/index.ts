export * from './auth.dto';
export * from './identity.patterns';
export * from './token';
export * from './acceptable-password';
export * from './actor-name';
export * from './invitations.dto';
export * from './session.dto';
export * from './session.patterns';
