import { Global, Module } from '@nestjs/common';
import { IdentityConfig } from '../config/identity.config';
import { PasswordHasher } from '../passwords/password-hasher';
import { TokenSigner } from '../tokens/token-signer';
import { ChangePasswordUseCase } from './change-password.use-case';
import { RevocationPublisher } from './revocation-publisher';
import { SessionsController } from './sessions.controller';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';

/** Sessions, the tokens they sign and the password hasher: global, as sign-in and reset use them. */
@Global()
@Module({
  controllers: [SessionsController],
  providers: [
    SessionsService,
    SessionsRepository,
    RevocationPublisher,
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
  exports: [SessionsService, PasswordHasher, TokenSigner],
})
export class SessionsModule {}
