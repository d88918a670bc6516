import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { SessionPatterns, type ForgotPasswordDto, type ResetPasswordDto } from '@tawsil/contracts/identity';
import type { PublicRpcRequest } from '@tawsil/contracts/rpc';
import { RpcHandler } from '@tawsil/nest-common';
import { RequestPasswordResetUseCase } from './use-cases/request-password-reset.use-case';
import { ResetPasswordUseCase } from './use-cases/reset-password.use-case';

@Controller()
export class PasswordResetController {
  constructor(
    private readonly requestPasswordReset: RequestPasswordResetUseCase,
    private readonly resetPassword: ResetPasswordUseCase,
  ) {}

  @RpcHandler(SessionPatterns.forgotPassword)
  forgot(@Payload() request: PublicRpcRequest<ForgotPasswordDto>) {
    return this.requestPasswordReset.execute(request.data);
  }

  @RpcHandler(SessionPatterns.resetPassword)
  reset(@Payload() request: PublicRpcRequest<ResetPasswordDto>) {
    return this.resetPassword.execute(request.data);
  }
}
