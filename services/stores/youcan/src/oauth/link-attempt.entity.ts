import { defineEntity, p } from '@mikro-orm/core';

/** One owner's try at linking a store: completed once, from the browser that started it. */
export const LinkAttemptSchema = defineEntity({
  name: 'LinkAttempt',
  tableName: 'link_attempts',
  properties: {
    id: p.uuid().primary(),
    /** The OAuth `state` sent to YouCan: random, names the attempt. */
    state: p.text().unique('link_attempts_state_unique'),
    ownerId: p.uuid(),
    storename: p.text(),
    /** Hex SHA-256 of the nonce in the browser's cookie; the nonce itself is never stored. */
    nonceHash: p.text(),
    /** The PKCE code_verifier, sealed with SecretBox, bound to the attempt id. */
    codeVerifier: p.text(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});

export class LinkAttempt extends LinkAttemptSchema.class {}
LinkAttemptSchema.setClass(LinkAttempt);
