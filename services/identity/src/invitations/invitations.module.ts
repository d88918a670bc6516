import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { InvitationsController } from './invitations.controller';
import { InvitationsService } from './invitations.service';
import { JoiningService } from './joining.service';

@Module({
  imports: [UsersModule],
  controllers: [InvitationsController],
  providers: [InvitationsService, JoiningService],
})
export class InvitationsModule {}
