import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

/** Validates every body and query against its DTO; the message names the first bad field. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
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
