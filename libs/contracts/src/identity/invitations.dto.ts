import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches } from 'class-validator';
import { DisplayName, NewPassword } from './account-fields';
import type { Language } from './language';
import { LanguageField } from './language.dto';
import type { SignedIn } from './session.patterns';

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

/** The secret of an invitation link: `/invitations/<token>`. */
export class InvitationTokenDto {
  @ApiProperty({ description: 'The token of the invitation link' })
  @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'token is not a valid invitation token' })
  @IsString({ message: 'token must be a string' })
  @IsNotEmpty({ message: 'token is required' })
  token!: string;
}

/** A new confirmateur account made from an invitation: the address is the invitation's. */
export class RegisterFromInvitationDto extends InvitationTokenDto {
  @DisplayName()
  name!: string;

  @NewPassword()
  password!: string;

  /** The browser's choice; French when it asks for neither Arabic nor English. */
  @LanguageField({ optional: true })
  language?: Language;
}

/** A pending invitation, as its owner lists it. */
export class InvitationView {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty({ format: 'uuid' }) storeId!: string;
  @ApiProperty() storeName!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ format: 'date-time' }) invitedAt!: string;
  @ApiProperty({ format: 'date-time', description: `${INVITATION_TTL_DAYS} days after it was (re)sent` })
  expiresAt!: string;
}

/**
 * The answer to an invitation, the same whether or not the address has an account (or is already
 * an owner, or a confirmateur of the store): it never tells who uses an address.
 */
export class ConfirmateurInvited {
  @ApiProperty() message!: string;
  @ApiProperty({ format: 'uuid' }) storeId!: string;
  @ApiProperty({ type: InvitationView }) invitation!: InvitationView;
}

export type InvitationState = 'pending' | 'accepted' | 'revoked' | 'expired';

/** What the invitation page shows to whoever holds the link. */
export class InvitationPreview {
  @ApiProperty() email!: string;
  @ApiProperty() storeName!: string;
  @ApiProperty({ description: 'Name of the owner who invited' }) invitedBy!: string;
  @ApiProperty({ format: 'date-time' }) expiresAt!: string;
  @ApiProperty({ enum: ['pending', 'accepted', 'revoked', 'expired'] }) state!: InvitationState;
  @ApiProperty({ description: 'Whether the address already has an account (sign in) or not (register)' })
  hasAccount!: boolean;
}

export class InvitationAccepted {
  @ApiProperty() message!: string;
  @ApiProperty({ format: 'uuid' }) storeId!: string;
  @ApiProperty() storeName!: string;
}

/** Signed in as a new session, like a registration, and a member of the store. */
export type RegisteredFromInvitation = SignedIn & { storeId: string };
