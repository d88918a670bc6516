import { Module } from '@nestjs/common';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetService } from './password-reset.service';
import { PasswordResetsRepository } from './password-resets.repository';

@Module({
  controllers: [PasswordResetController],
  providers: [PasswordResetService, PasswordResetsRepository],
})
export class PasswordResetModule {}
