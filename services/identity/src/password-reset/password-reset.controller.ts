import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { SessionPatterns, type ForgotPasswordDto, type ResetPasswordDto } from '@tawsil/contracts/identity';
import type { PublicRpcRequest } from '@tawsil/contracts/rpc';
import { RpcHandler } from '@tawsil/nest-common';
import { PasswordResetService } from './password-reset.service';

@Controller()
export class PasswordResetController {
  constructor(private readonly passwordReset: PasswordResetService) {}

  @RpcHandler(SessionPatterns.forgotPassword)
  async forgot(@Payload() request: PublicRpcRequest<ForgotPasswordDto>) {
    await this.passwordReset.forgot(request.data);
    return { accepted: true } as const;
  }

  @RpcHandler(SessionPatterns.resetPassword)
  reset(@Payload() request: PublicRpcRequest<ResetPasswordDto>) {
    return this.passwordReset.reset(request.data);
  }
}
