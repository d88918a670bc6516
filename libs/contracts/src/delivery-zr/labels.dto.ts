import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Omittable } from '../http/omittable';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsUUID, ValidateIf } from 'class-validator';

/** Labels are merged into one PDF for at most this many parcels at once. */
export const LABELS_MAX = 200;

/** `POST /api/ZR/labels`: the parcels of these orders, or those a finished saisie created. */
export class LabelsRequestDto {
  @ApiPropertyOptional({ type: [String], format: 'uuid', maxItems: LABELS_MAX })
  @ValidateIf((dto: LabelsRequestDto) => dto.saisieId === undefined || dto.orderIds !== undefined)
  @IsUUID('4', { each: true, message: 'orderIds must contain only order ids' })
  @ArrayMaxSize(LABELS_MAX, { message: `orderIds may name at most ${LABELS_MAX} orders` })
  @ArrayNotEmpty({ message: 'orderIds must name at least one order' })
  @IsArray({ message: 'orderIds or saisieId is required' })
  orderIds?: string[];

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'A saisie job id: the labels of every parcel it created',
  })
  @Omittable()
  @IsUUID('4', { message: 'saisieId must be a saisie job id' })
  saisieId?: string;
}

/** What delivery/zr answers: the merged PDF (base64), and the orders left out with the reason. */
export class LabelsPdf {
  @ApiProperty() pdf!: string;
  @ApiProperty() pages!: number;
  @ApiProperty() labels!: number;
  @ApiProperty({ type: 'array', items: { type: 'object' } }) missing!: { orderId: string; reason: string }[];
}
