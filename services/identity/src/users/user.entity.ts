import { defineEntity, p } from '@mikro-orm/core';
import { USER_TYPES } from '@tawsil/contracts/rpc';

export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.uuid().primary(),
    name: p.string(),
    /** Stored lower-cased: one account per address whatever its spelling. */
    email: p.string().unique(),
    passwordHash: p.string(),
    type: p.enum(USER_TYPES),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class User extends UserSchema.class {}
UserSchema.setClass(User);
