import { BadRequestException, ParseUUIDPipe } from '@nestjs/common';

/** A path id that must be a UUID, refused with a message naming it ("orderId must be an order id"). */
export const uuidParam = (message: string) =>
  new ParseUUIDPipe({
    exceptionFactory: () =>
      new BadRequestException({
        message,
        code: 'validation.failed',
        params: { field: message.split(' ')[0], constraint: 'isUuid' },
      }),
  });
