import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import {
  AuthUserDto,
  CurrentUserView,
  IdentityPatterns,
  LoginDto,
  RegisterDto,
} from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { Public, RpcCaller, ServiceError } from '@tawsil/nest-common/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentActor } from '../auth/current-actor.decorator';
import { setRefreshCookie } from '../sessions/refresh-cookie';
import { AccountThrottle, TooManyAttempts } from '../throttling/account-throttle';
import { newRefreshSecret, toAuthUser } from '../sessions/sign-in';

const isWrongCredentials = (error: unknown) => error instanceof ServiceError && error.status === 401;

@ApiTags('users')
@Controller('api/users')
export class UsersController {
  constructor(
    private readonly rpc: RpcCaller,
    private readonly accounts: AccountThrottle,
  ) {}

  @Public()
  @UseGuards(ThrottlerGuard)
  @Post('register')
  @HttpCode(201)
  @ApiCreatedResponse({
    type: AuthUserDto,
    description: 'The new user, signed in (and the tawsil_refresh cookie)',
  })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this address' })
  async register(
    @Body() body: RegisterDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthUserDto> {
    const refreshToken = newRefreshSecret();
    const userAgent = request.headers['user-agent'];
    const signedIn = await this.rpc.call(IdentityPatterns.register, { ...body, refreshToken, userAgent });
    setRefreshCookie(request, reply, signedIn.sessionId, refreshToken);
    return toAuthUser(signedIn);
  }

  @Public()
  @UseGuards(ThrottlerGuard)
  @Post('login')
  @HttpCode(200)
  @ApiOkResponse({
    type: AuthUserDto,
    description:
      'The user and a 15-minute access token; the tawsil_refresh cookie renews it (POST /api/auth/refresh)',
  })
  @ApiTooManyRequestsResponse({
    description:
      'Too many attempts from this address, or too many failures on this account (see Retry-After)',
  })
  async login(
    @Body() body: LoginDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthUserDto> {
    const refreshToken = newRefreshSecret();
    const userAgent = request.headers['user-agent'];
    try {
      const signedIn = await this.accounts.attempt(
        body.email,
        () => this.rpc.call(IdentityPatterns.login, { ...body, refreshToken, userAgent }),
        isWrongCredentials,
      );
      setRefreshCookie(request, reply, signedIn.sessionId, refreshToken);
      return toAuthUser(signedIn);
    } catch (error) {
      if (error instanceof TooManyAttempts) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  }

  /** The signed-in user, as the token says. */
  @ApiBearerAuth()
  @Get('me')
  @ApiOkResponse({ type: CurrentUserView })
  me(@CurrentActor() actor: Actor): CurrentUserView {
    return { _id: actor.userId, name: actor.name, type: actor.type };
  }
}
