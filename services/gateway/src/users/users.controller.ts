import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import { AuthUserDto, IdentityPatterns, LoginDto, RegisterDto } from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { Public, RpcCaller } from '@tawsil/nest-common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentActor } from '../auth/current-actor.decorator';
import { setRefreshCookie } from '../sessions/refresh-cookie';
import { newRefreshSecret, toAuthUser } from '../sessions/sign-in';

@ApiTags('users')
@Controller('api/users')
export class UsersController {
  constructor(private readonly rpc: RpcCaller) {}

  @Public()
  @UseGuards(ThrottlerGuard)
  @Post('register')
  @HttpCode(201)
  @ApiOkResponse({
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
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this address' })
  async login(
    @Body() body: LoginDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthUserDto> {
    const refreshToken = newRefreshSecret();
    const userAgent = request.headers['user-agent'];
    const signedIn = await this.rpc.call(IdentityPatterns.login, { ...body, refreshToken, userAgent });
    setRefreshCookie(request, reply, signedIn.sessionId, refreshToken);
    return toAuthUser(signedIn);
  }

  /** The signed-in user, as the token says. */
  @ApiBearerAuth()
  @Get('me')
  me(@CurrentActor() actor: Actor) {
    return { _id: actor.userId, name: actor.name, type: actor.type };
  }
}
