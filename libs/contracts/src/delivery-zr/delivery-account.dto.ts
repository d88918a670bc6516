import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';

export const DELIVERY_COMPANIES = ['zrexpress'] as const;
export type DeliveryCompany = (typeof DELIVERY_COMPANIES)[number];

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** `POST /api/delivery/account` */
export class CreateDeliveryAccountDto {
  @ApiProperty({ enum: DELIVERY_COMPANIES })
  @IsIn(DELIVERY_COMPANIES, { message: 'company must be zrexpress' })
  company!: DeliveryCompany;

  @ApiProperty()
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'storeName is required' })
  @MaxLength(100)
  storeName!: string;

  @ApiProperty()
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'apiKey is required' })
  @MaxLength(200)
  apiKey!: string;

  @ApiProperty()
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'apiSecret is required' })
  @MaxLength(200)
  apiSecret!: string;
}
