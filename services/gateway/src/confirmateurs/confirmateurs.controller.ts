import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AddConfirmateurDto, IdentityPatterns, RemoveConfirmateurDto } from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { RpcCaller } from '@tawsil/nest-common';
import { ActorStores } from '../auth/actor-stores';
import { CurrentActor } from '../auth/current-actor.decorator';
import { uuidParam } from '../http/uuid-param';

@ApiTags('confirmateurs')
@ApiBearerAuth()
@Controller('api/confirmateur')
export class ConfirmateursController {
  constructor(
    private readonly rpc: RpcCaller,
    private readonly actors: ActorStores,
  ) {}

  @Get()
  @ApiOperation({ summary: "Owner only: the agents who work for the owner's stores" })
  async list(@CurrentActor() actor: Actor) {
    return this.rpc.call(IdentityPatterns.listConfirmateurs, undefined, await this.actors.withStores(actor));
  }

  @Post(':storeId')
  @ApiOperation({ summary: 'Owner only: let a registered confirmateur work on one of your stores' })
  async add(
    @Param('storeId', uuidParam('storeId must be a store id')) storeId: string,
    @Body() body: AddConfirmateurDto,
    @CurrentActor() actor: Actor,
  ) {
    return this.rpc.call(
      IdentityPatterns.addConfirmateur,
      { ...body, storeId },
      await this.actors.withStores(actor),
    );
  }

  @Delete(':confirmateurId')
  @ApiOperation({ summary: 'Owner only: stop a confirmateur working on one of your stores' })
  async remove(
    @Param('confirmateurId', uuidParam('confirmateurId must be a confirmateur id')) confirmateurId: string,
    @Body() body: RemoveConfirmateurDto,
    @CurrentActor() actor: Actor,
  ) {
    return this.rpc.call(
      IdentityPatterns.removeConfirmateur,
      { ...body, confirmateurId },
      await this.actors.withStores(actor),
    );
  }
}
