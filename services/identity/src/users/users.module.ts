import { Module } from '@nestjs/common';
import { IdentityConfig } from '../config/identity.config';
import { PasswordHasher } from '../passwords/password-hasher';
import { TokenSigner } from '../tokens/token-signer';
import { LogInUseCase } from './use-cases/log-in.use-case';
import { RegisterUserUseCase } from './use-cases/register-user.use-case';
import { UserMapper } from './user.mapper';
import { UsersController } from './users.controller';

@Module({
  controllers: [UsersController],
  providers: [
    RegisterUserUseCase,
    LogInUseCase,
    UserMapper,
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
  // Registration from an invitation hashes the password and signs the token the same way.
  exports: [PasswordHasher, UserMapper],
})
export class UsersModule {}
