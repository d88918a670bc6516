import {
  BadRequestException,
  ValidationPipe,
  type ArgumentMetadata,
  type ValidationError,
} from '@nestjs/common';
import { describeMessage, type MessageParams } from '@tawsil/contracts/messages';
import { findControlCharacters, findText, hasLoneSurrogates } from '@tawsil/nest-common/core';

/** A refused field: the message names it; `code` and `params` say it to the web app. */
function validationFailed(message: string, params: MessageParams): BadRequestException {
  return new BadRequestException({ message, code: 'validation.failed', params });
}

const PLAIN_TYPES: unknown[] = [Object, String, Number, Boolean, Array];

/**
 * Validates every body and query against its DTO; the message names the first bad field. Text with
 * control characters (NUL and the other C0 codes but tab and line breaks) or half a surrogate pair
 * is refused first, naming the field, so none reaches a service. A body read into a DTO must be a
 * JSON object: `null`, a list or a lone value would otherwise be read as `{}`.
 */
class GatewayValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'custom') {
      const at = metadata.type === 'body' ? '' : (metadata.data ?? '');
      const control = findControlCharacters(value, at);
      if (control !== undefined)
        throw validationFailed(`${control || metadata.type} must not contain control characters`, {
          field: control || metadata.type,
          constraint: 'controlCharacters',
          rule: 'validation.control_characters',
        });
      const broken = findText(value, hasLoneSurrogates, at);
      if (broken !== undefined)
        throw validationFailed(`${broken || metadata.type} holds a character that is not valid text`, {
          field: broken || metadata.type,
          constraint: 'wellFormedText',
          rule: 'validation.malformed_text',
        });
    }
    const isDto = metadata.metatype && !PLAIN_TYPES.includes(metadata.metatype);
    const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
    if (metadata.type === 'body' && isDto && value !== undefined && !isObject)
      throw validationFailed('The request body must be a JSON object', {
        field: '',
        constraint: 'isObject',
        rule: 'validation.body_not_object',
      });
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new GatewayValidationPipe({
    whitelist: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const refused = firstRefusal(errors);
      if (!refused) return validationFailed('The request body is not valid', { field: '', constraint: '' });
      // The rule, when the catalogue knows the text: `validation.too_short` with its `min`.
      const rule = describeMessage(refused.message);
      return validationFailed(refused.message, {
        ...rule?.params,
        field: refused.field,
        constraint: refused.constraint,
        ...(rule ? { rule: rule.code } : {}),
      });
    },
  });
}

interface Refusal {
  field: string;
  constraint: string;
  message: string;
}

function firstRefusal(errors: ValidationError[], path = ''): Refusal | undefined {
  for (const error of errors) {
    const field = path ? `${path}.${error.property}` : error.property;
    const [constraint, text] = Object.entries(error.constraints ?? {})[0] ?? [];
    if (constraint && text)
      return { field, constraint, message: messageFor(error.property, path, field, text) };
    if (error.children?.length) {
      const refused = firstRefusal(error.children, field);
      if (refused) return refused;
    }
  }
  return undefined;
}

function messageFor(property: string, path: string, field: string, constraint: string): string {
  // A list item's field is named with its place: "variants.0.quantity must …".
  if (/\.\d+$/.test(path) && constraint.startsWith(`${property} `))
    return `${field}${constraint.slice(property.length)}`;
  return constraint.startsWith(property) || constraint.includes(field)
    ? constraint
    : `${field}: ${constraint}`;
}
