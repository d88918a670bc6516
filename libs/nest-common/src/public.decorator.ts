import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';

/** Opens a route to callers without a token; every other route requires one. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
