import { ValidateIf } from 'class-validator';

/**
 * The field may be left out, but when sent it is checked: unlike `@IsOptional()`, which lets
 * `null` through as if the field were absent, `null` is refused with the field's own message.
 * `@IsOptional()` stays only where null means something (and the OpenAPI document says nullable).
 */
export const Omittable = (): PropertyDecorator => ValidateIf((_, value) => value !== undefined);

/** Sent and not blank: a form sends a field it leaves empty as "". */
export const given = (value: unknown): boolean => value !== undefined && value !== '';
