import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { SessionPatterns, type ChangePasswordDto } from '@tawsil/contracts/identity';
import type { PublicRpcRequest, RpcRequest } from '@tawsil/contracts/rpc';
import { RpcHandler } from '@tawsil/nest-common';
import { ChangePasswordUseCase } from './use-cases/change-password.use-case';
import { EndSessionsUseCase } from './use-cases/end-sessions.use-case';
import { ListSessionsUseCase } from './use-cases/list-sessions.use-case';
import { RefreshSessionUseCase } from './use-cases/refresh-session.use-case';

@Controller()
export class SessionsController {
  constructor(
    private readonly refreshSession: RefreshSessionUseCase,
    private readonly endSessions: EndSessionsUseCase,
    private readonly listSessions: ListSessionsUseCase,
    private readonly changePasswordUseCase: ChangePasswordUseCase,
  ) {}

  @RpcHandler(SessionPatterns.refresh)
  refresh(@Payload() request: PublicRpcRequest<(typeof SessionPatterns.refresh)['__req'] & object>) {
    return this.refreshSession.execute(request.data);
  }

  @RpcHandler(SessionPatterns.end)
  end(@Payload() request: RpcRequest<{ all: boolean }>) {
    return this.endSessions.execute(request.actor, request.data);
  }

  @RpcHandler(SessionPatterns.list)
  list(@Payload() request: RpcRequest<void>) {
    return this.listSessions.execute(request.actor);
  }

  @RpcHandler(SessionPatterns.changePassword)
  changePassword(@Payload() request: RpcRequest<ChangePasswordDto>) {
    return this.changePasswordUseCase.execute(request.actor, request.data);
  }
}
