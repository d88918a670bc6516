import { ApiProperty } from '@nestjs/swagger';

/** An answer that only says what happened. */
export class MessageView {
  @ApiProperty() message!: string;
}

/** The answer to a removal by id. */
export class DeletedId {
  @ApiProperty({ format: 'uuid' }) deletedId!: string;
}
