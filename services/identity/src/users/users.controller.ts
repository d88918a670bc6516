import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  IdentityPatterns,
  type LoginDto,
  type NewSession,
  type RegisterDto,
} from '@tawsil/contracts/identity';
import type { PublicRpcRequest } from '@tawsil/contracts/rpc';
import { RpcHandler } from '@tawsil/nest-common';
import { LogInUseCase } from './use-cases/log-in.use-case';
import { RegisterUserUseCase } from './use-cases/register-user.use-case';

@Controller()
export class UsersController {
  constructor(
    private readonly registerUser: RegisterUserUseCase,
    private readonly logIn: LogInUseCase,
  ) {}

  @RpcHandler(IdentityPatterns.register)
  register(@Payload() request: PublicRpcRequest<RegisterDto & NewSession>) {
    return this.registerUser.execute(request.data);
  }

  @RpcHandler(IdentityPatterns.login)
  login(@Payload() request: PublicRpcRequest<LoginDto & NewSession>) {
    return this.logIn.execute(request.data);
  }
}
