import { Module } from '@nestjs/common';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetsRepository } from './password-resets.repository';
import { RequestPasswordResetUseCase } from './use-cases/request-password-reset.use-case';
import { ResetPasswordUseCase } from './use-cases/reset-password.use-case';

@Module({
  controllers: [PasswordResetController],
  providers: [PasswordResetsRepository, RequestPasswordResetUseCase, ResetPasswordUseCase],
})
export class PasswordResetModule {}
