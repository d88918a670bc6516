import { ApiProperty } from '@nestjs/swagger';

/** `GET /api/confirmateur`: an agent and the owner's stores it works for. */
export class ConfirmateurView {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ type: [String], format: 'uuid', description: "The owner's stores the agent works for" })
  stores!: string[];
}

/** `DELETE /api/confirmateur/{confirmateurId}` */
export class ConfirmateurRemoved {
  @ApiProperty({ format: 'uuid' }) confirmateurId!: string;
  @ApiProperty({ format: 'uuid' }) storeId!: string;
}
