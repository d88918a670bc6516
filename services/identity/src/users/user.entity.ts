import { defineEntity, p } from '@mikro-orm/core';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@tawsil/contracts/identity';
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
    /** The app's and the e-mails' language for this user. */
    language: p.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class User extends UserSchema.class {}
UserSchema.setClass(User);
