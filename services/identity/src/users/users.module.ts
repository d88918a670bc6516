import { Module } from '@nestjs/common';
import { LogInUseCase } from './use-cases/log-in.use-case';
import { RegisterUserUseCase } from './use-cases/register-user.use-case';
import { UserMapper } from './user.mapper';
import { UsersController } from './users.controller';

@Module({
  controllers: [UsersController],
  providers: [RegisterUserUseCase, LogInUseCase, UserMapper],
  // Registration from an invitation shapes the new user the same way.
  exports: [UserMapper],
})
export class UsersModule {}
