import {
  BadRequestException,
  ValidationPipe,
  type ArgumentMetadata,
  type ValidationError,
} from '@nestjs/common';
import { findControlCharacters } from '@tawsil/nest-common/core';

/**
 * Validates every body and query against its DTO; the message names the first bad field. Text with
 * control characters (NUL and the other C0 codes but tab and line breaks) is refused first, naming
 * the field, so none reaches a service.
 */
class GatewayValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'custom') {
      const field = findControlCharacters(value, metadata.type === 'body' ? '' : (metadata.data ?? ''));
      if (field !== undefined)
        throw new BadRequestException(`${field || metadata.type} must not contain control characters`);
    }
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new GatewayValidationPipe({
    whitelist: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new BadRequestException(firstMessage(errors)),
  });
}

function firstMessage(errors: ValidationError[], path = ''): string {
  for (const error of errors) {
    const field = path ? `${path}.${error.property}` : error.property;
    const constraint = Object.values(error.constraints ?? {})[0];
    // A list item's field is named with its place: "variants.0.quantity must …".
    if (constraint && /\.\d+$/.test(path) && constraint.startsWith(`${error.property} `))
      return `${field}${constraint.slice(error.property.length)}`;
    if (constraint)
      return constraint.startsWith(error.property) || constraint.includes(field)
        ? constraint
        : `${field}: ${constraint}`;
    if (error.children?.length) return firstMessage(error.children, field);
  }
  return 'The request body is not valid';
}
