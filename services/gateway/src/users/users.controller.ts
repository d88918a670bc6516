import { Body, Controller, Get, HttpCode, Post, Put, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
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
  SetLanguageDto,
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

  /** The signed-in user as identity keeps it: a language chosen on another device shows here. */
  @ApiBearerAuth()
  @Get('me')
  @ApiOkResponse({ type: CurrentUserView })
  me(@CurrentActor() actor: Actor): Promise<CurrentUserView> {
    return this.rpc.call(IdentityPatterns.me, undefined, actor);
  }

  @ApiBearerAuth()
  @Put('me/language')
  @HttpCode(200)
  @ApiOperation({ summary: 'Keeps the language the user reads the app and e-mails in, on every device' })
  @ApiOkResponse({ type: CurrentUserView })
  @ApiBadRequestResponse({ description: 'language is not one of fr, ar, en (code validation.failed)' })
  setLanguage(@CurrentActor() actor: Actor, @Body() body: SetLanguageDto): Promise<CurrentUserView> {
    return this.rpc.call(IdentityPatterns.setLanguage, body, actor);
  }
}
