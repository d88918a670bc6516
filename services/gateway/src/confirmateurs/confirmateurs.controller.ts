import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AddConfirmateurDto,
  ConfirmateurInvited,
  ConfirmateurRemoved,
  ConfirmateurView,
  IdentityPatterns,
  InvitationView,
  RemoveConfirmateurDto,
} from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { StoresYoucanPatterns } from '@tawsil/contracts/stores-youcan';
import { RpcCaller } from '@tawsil/nest-common/core';
import { ActorStores } from '../auth/actor-stores';
import { CurrentActor } from '../auth/current-actor.decorator';
import { uuidParam } from '../http/uuid-param';

const invitationId = uuidParam('invitationId must be an invitation id');

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
  @ApiOkResponse({ type: [ConfirmateurView] })
  async list(@CurrentActor() actor: Actor) {
    return this.rpc.call(IdentityPatterns.listConfirmateurs, undefined, await this.actors.withStores(actor));
  }

  @Post(':storeId')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Owner only: invite an address to work on one of your stores',
    description:
      'E-mails a link; the agent joins the store once they accept it. The answer is the same whoever uses the address.',
  })
  @ApiAcceptedResponse({ type: ConfirmateurInvited })
  async invite(
    @Param('storeId', uuidParam('storeId must be a store id')) storeId: string,
    @Body() body: AddConfirmateurDto,
    @CurrentActor() actor: Actor,
  ): Promise<ConfirmateurInvited> {
    const stores =
      actor.type === 'owner' ? await this.rpc.call(StoresYoucanPatterns.list, undefined, actor) : [];
    const storeName = stores.find((store) => store._id === storeId)?.name ?? '';
    return this.rpc.call(
      IdentityPatterns.inviteConfirmateur,
      { ...body, storeId, storeName },
      await this.actors.withStores(actor),
    );
  }

  @Get('invitations')
  @ApiOperation({ summary: 'Owner only: invitations sent and not yet accepted or revoked' })
  @ApiOkResponse({ type: [InvitationView] })
  async invitations(@CurrentActor() actor: Actor): Promise<InvitationView[]> {
    return this.rpc.call(IdentityPatterns.listInvitations, undefined, await this.actors.withStores(actor));
  }

  @Delete('invitations/:invitationId')
  @ApiOperation({ summary: 'Owner only: revoke a pending invitation; its link stops working' })
  @ApiOkResponse({ type: InvitationView })
  async revoke(@Param('invitationId', invitationId) id: string, @CurrentActor() actor: Actor) {
    return this.rpc.call(
      IdentityPatterns.revokeInvitation,
      { invitationId: id },
      await this.actors.withStores(actor),
    );
  }

  @Post('invitations/:invitationId/resend')
  @HttpCode(202)
  @ApiOperation({ summary: 'Owner only: e-mail a pending invitation again with a new link' })
  @ApiAcceptedResponse({ type: InvitationView })
  async resend(@Param('invitationId', invitationId) id: string, @CurrentActor() actor: Actor) {
    return this.rpc.call(
      IdentityPatterns.resendInvitation,
      { invitationId: id },
      await this.actors.withStores(actor),
    );
  }

  @Delete(':confirmateurId')
  @ApiOperation({ summary: 'Owner only: stop a confirmateur working on one of your stores' })
  @ApiOkResponse({ type: ConfirmateurRemoved })
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
