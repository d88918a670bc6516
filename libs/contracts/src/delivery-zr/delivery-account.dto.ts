import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { given, Omittable } from '../http/omittable';
import { CARRIER_API_FIELDS, CARRIER_APIS, carrierApiOf, type CarrierApi } from './carrier-apis';

export const DELIVERY_COMPANIES = ['zrexpress', 'yalidine'] as const;
export type DeliveryCompany = (typeof DELIVERY_COMPANIES)[number];

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/**
 * Carriers take keys and secrets in HTTP headers, which carry ASCII: a key with an Arabic digit,
 * an accent or a lone surrogate cannot even be sent, so it is refused here, naming the field.
 */
export const CARRIER_CREDENTIAL = /^[\x20-\x7E]+$/;
export const credentialCharacters = (field: string) =>
  `${field} must be copied as the carrier shows it: Latin letters, digits and symbols only`;

/** `POST /api/delivery/account` */
export class CreateDeliveryAccountDto {
  @ApiProperty({ enum: DELIVERY_COMPANIES })
  @IsIn(DELIVERY_COMPANIES, { message: 'company must be zrexpress or yalidine' })
  company!: DeliveryCompany;

  @ApiPropertyOptional({
    enum: CARRIER_APIS,
    description:
      "The carrier's API; when left out: yalidine for a Yalidine account, zr-current when tenantId is given, " +
      'else procolis',
  })
  @Omittable()
  @IsIn(CARRIER_APIS, { message: `api must be one of ${CARRIER_APIS.join(', ')}` })
  api?: CarrierApi;

  @ApiProperty()
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'storeName is required' })
  @MaxLength(100)
  storeName!: string;

  @ApiProperty({ description: "Procolis' key, the current ZR API's X-Api-Key, or Yalidine's API id" })
  @Matches(CARRIER_CREDENTIAL, { message: credentialCharacters('apiKey') })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'apiKey is required' })
  @MaxLength(200)
  apiKey!: string;

  @ApiPropertyOptional({ description: "Procolis' token or Yalidine's API token; not for the current ZR API" })
  @Matches(CARRIER_CREDENTIAL, { message: credentialCharacters('apiSecret') })
  @Transform(trim)
  @ValidateIf((dto: CreateDeliveryAccountDto) => needs(dto, 'apiSecret') || given(dto.apiSecret))
  @IsString()
  @IsNotEmpty({ message: 'apiSecret is required' })
  @MaxLength(200)
  apiSecret?: string;

  @ApiPropertyOptional({ format: 'uuid', description: "The current ZR API's tenant id (X-Tenant)" })
  @Transform(trim)
  @ValidateIf((dto: CreateDeliveryAccountDto) => needs(dto, 'tenantId') || given(dto.tenantId))
  @IsUUID('all', { message: 'tenantId must be the tenant id (a UUID) from your ZR Express account' })
  @IsNotEmpty({ message: 'tenantId is required' })
  tenantId?: string;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: 58,
    description:
      "Yalidine: the wilaya the account's parcels leave from (Yalidine prices and creates them from it)",
  })
  @ValidateIf(
    (dto: CreateDeliveryAccountDto) =>
      (dto.company === 'yalidine' && carrierApiOf(dto) === 'yalidine') || dto.fromWilaya !== undefined,
  )
  @IsInt({ message: 'fromWilaya must be the number of the wilaya your parcels leave from (1 to 58)' })
  @Min(1, { message: 'fromWilaya must be the number of the wilaya your parcels leave from (1 to 58)' })
  @Max(58, { message: 'fromWilaya must be the number of the wilaya your parcels leave from (1 to 58)' })
  fromWilaya?: number;

  @ApiPropertyOptional({
    description:
      "Yalidine: the secret its dashboard shows for the webhook registered at this account's address; " +
      'kept encrypted, never sent back',
  })
  @Transform(trim)
  @ValidateIf((dto: CreateDeliveryAccountDto) => given(dto.webhookSecret))
  @IsString()
  @MaxLength(200)
  webhookSecret?: string;
}

/** `PUT /api/delivery/account/{id}/webhook-secret` */
export class SetWebhookSecretDto {
  @ApiProperty({
    description: "The secret Yalidine's dashboard shows for the webhook; kept encrypted, never sent back",
  })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'webhookSecret is required' })
  @MaxLength(200)
  webhookSecret!: string;
}

const needs = (dto: CreateDeliveryAccountDto, field: 'apiSecret' | 'tenantId') =>
  (CARRIER_API_FIELDS[carrierApiOf(dto)] as readonly string[]).includes(field);
