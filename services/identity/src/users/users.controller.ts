import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  IdentityPatterns,
  type LoginDto,
  type NewSession,
  type RegisterDto,
  type SetLanguageDto,
} from '@tawsil/contracts/identity';
import type { PublicRpcRequest, RpcRequest } from '@tawsil/contracts/rpc';
import { RpcHandler } from '@tawsil/nest-common';
import { GetCurrentUserUseCase } from './use-cases/get-current-user.use-case';
import { LogInUseCase } from './use-cases/log-in.use-case';
import { RegisterUserUseCase } from './use-cases/register-user.use-case';
import { SetLanguageUseCase } from './use-cases/set-language.use-case';

@Controller()
export class UsersController {
  constructor(
    private readonly registerUser: RegisterUserUseCase,
    private readonly logIn: LogInUseCase,
    private readonly currentUser: GetCurrentUserUseCase,
    private readonly setLanguageUseCase: SetLanguageUseCase,
  ) {}

  @RpcHandler(IdentityPatterns.register)
  register(@Payload() request: PublicRpcRequest<RegisterDto & NewSession>) {
    return this.registerUser.execute(request.data);
  }

  @RpcHandler(IdentityPatterns.login)
  login(@Payload() request: PublicRpcRequest<LoginDto & NewSession>) {
    return this.logIn.execute(request.data);
  }

  @RpcHandler(IdentityPatterns.me)
  me(@Payload() request: RpcRequest<void>) {
    return this.currentUser.execute(request.actor);
  }

  @RpcHandler(IdentityPatterns.setLanguage)
  setLanguage(@Payload() request: RpcRequest<SetLanguageDto>) {
    return this.setLanguageUseCase.execute(request.actor, request.data);
  }
}
