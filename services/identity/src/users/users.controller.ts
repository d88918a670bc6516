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
import { SessionsService } from '../sessions/sessions.service';
import { LogInUseCase } from './use-cases/log-in.use-case';
import { RegisterUserUseCase } from './use-cases/register-user.use-case';

@Controller()
export class UsersController {
  constructor(
    private readonly registerUser: RegisterUserUseCase,
    private readonly logIn: LogInUseCase,
    private readonly sessions: SessionsService,
  ) {}

  @RpcHandler(IdentityPatterns.register)
  async register(@Payload() request: PublicRpcRequest<RegisterDto & NewSession>) {
    // Each answer opens a session, a repeat of the registration too (a new sign-in).
    return this.sessions.open(await this.registerUser.execute(request.data), request.data);
  }

  @RpcHandler(IdentityPatterns.login)
  async login(@Payload() request: PublicRpcRequest<LoginDto & NewSession>) {
    return this.sessions.open(await this.logIn.execute(request.data), request.data);
  }
}
