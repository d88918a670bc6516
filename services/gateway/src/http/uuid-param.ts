import { BadRequestException, ParseUUIDPipe } from '@nestjs/common';

/** A path id that must be a UUID, refused with a message naming it. */
export const uuidParam = (message: string) =>
  new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException(message) });
