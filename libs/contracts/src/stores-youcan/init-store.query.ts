import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, Matches, MaxLength } from 'class-validator';

/** `POST /api/stores/youcan/init?storename=...` */
export class InitStoreQuery {
  @ApiProperty({ example: 'ma-boutique' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(100)
  @Matches(/^[a-zA-Z0-9][a-zA-Z0-9-]*$/, { message: 'storename may contain only letters, digits and dashes' })
  @IsNotEmpty({ message: 'storename is required' })
  storename!: string;
}
