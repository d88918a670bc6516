import { Body, Controller, Get, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import { AuthUserDto, IdentityPatterns, LoginDto, RegisterDto } from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { Public, RpcCaller, ServiceError } from '@tawsil/nest-common';
import type { FastifyReply } from 'fastify';
import { CurrentActor } from '../auth/current-actor.decorator';
import { AccountThrottle, TooManyAttempts } from '../throttling/account-throttle';

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
  @ApiOkResponse({ type: AuthUserDto, description: 'The new user, signed in' })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this address' })
  register(@Body() body: RegisterDto): Promise<AuthUserDto> {
    return this.rpc.call(IdentityPatterns.register, body);
  }

  @Public()
  @UseGuards(ThrottlerGuard)
  @Post('login')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthUserDto })
  @ApiTooManyRequestsResponse({
    description:
      'Too many attempts from this address, or too many failures on this account (see Retry-After)',
  })
  async login(@Body() body: LoginDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<AuthUserDto> {
    try {
      return await this.accounts.attempt(
        body.email,
        () => this.rpc.call(IdentityPatterns.login, body),
        isWrongCredentials,
      );
    } catch (error) {
      if (error instanceof TooManyAttempts) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  }

  /** The signed-in user, as the token says. */
  @ApiBearerAuth()
  @Get('me')
  me(@CurrentActor() actor: Actor) {
    return { _id: actor.userId, name: actor.name, type: actor.type };
  }
}
