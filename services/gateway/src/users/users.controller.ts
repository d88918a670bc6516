import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import { AuthUserDto, IdentityPatterns, LoginDto, RegisterDto } from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { Public, RpcCaller } from '@tawsil/nest-common';
import { CurrentActor } from '../auth/current-actor.decorator';

@ApiTags('users')
@Controller('api/users')
export class UsersController {
  constructor(private readonly rpc: RpcCaller) {}

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
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this address' })
  login(@Body() body: LoginDto): Promise<AuthUserDto> {
    return this.rpc.call(IdentityPatterns.login, body);
  }

  /** The signed-in user, as the token says. */
  @ApiBearerAuth()
  @Get('me')
  me(@CurrentActor() actor: Actor) {
    return { _id: actor.userId, name: actor.name, type: actor.type };
  }
}
