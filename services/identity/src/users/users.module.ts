import { Global, Module } from '@nestjs/common';
import { GetCurrentUserUseCase } from './use-cases/get-current-user.use-case';
import { LogInUseCase } from './use-cases/log-in.use-case';
import { RegisterUserUseCase } from './use-cases/register-user.use-case';
import { SetLanguageUseCase } from './use-cases/set-language.use-case';
import { UserMapper } from './user.mapper';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';

/** Accounts: global, as sessions, password reset and invitations read and write them too. */
@Global()
@Module({
  controllers: [UsersController],
  providers: [
    UsersRepository,
    UserMapper,
    RegisterUserUseCase,
    LogInUseCase,
    GetCurrentUserUseCase,
    SetLanguageUseCase,
  ],
  exports: [UsersRepository, UserMapper],
})
export class UsersModule {}
