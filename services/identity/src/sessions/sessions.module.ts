import { Global, Module } from '@nestjs/common';
import { IdentityConfig } from '../config/identity.config';
import { PasswordHasher } from '../passwords/password-hasher';
import { TokenSigner } from '../tokens/token-signer';
import { RevocationPublisher } from './revocation-publisher';
import { SessionsController } from './sessions.controller';
import { SessionsRepository } from './sessions.repository';
import { ChangePasswordUseCase } from './use-cases/change-password.use-case';
import { EndSessionsUseCase } from './use-cases/end-sessions.use-case';
import { ListSessionsUseCase } from './use-cases/list-sessions.use-case';
import { OpenSessionUseCase } from './use-cases/open-session.use-case';
import { RefreshSessionUseCase } from './use-cases/refresh-session.use-case';

/**
 * Sessions, the tokens they sign and the password hasher: global, as sign-in, registration from an
 * invitation and password reset use them.
 */
@Global()
@Module({
  controllers: [SessionsController],
  providers: [
    SessionsRepository,
    RevocationPublisher,
    OpenSessionUseCase,
    RefreshSessionUseCase,
    EndSessionsUseCase,
    ListSessionsUseCase,
    ChangePasswordUseCase,
    {
      provide: PasswordHasher,
      useFactory: (config: IdentityConfig) => new PasswordHasher(config.PASSWORD_HASH_CONCURRENCY),
      inject: [IdentityConfig],
    },
    {
      provide: TokenSigner,
      useFactory: (config: IdentityConfig) => new TokenSigner(config.JWT_PRIVATE_KEY, config.JWT_TTL),
      inject: [IdentityConfig],
    },
  ],
  exports: [OpenSessionUseCase, SessionsRepository, RevocationPublisher, PasswordHasher, TokenSigner],
})
export class SessionsModule {}
