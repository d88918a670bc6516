import { defineEntity, p } from '@mikro-orm/core';
import { SAISIE_JOB_STATES } from '@tawsil/contracts/delivery-zr';

/** A bulk saisie: who asked, for which orders, and how far it is. Outcomes are in saisie_outcomes. */
export const SaisieJobSchema = defineEntity({
  name: 'SaisieJob',
  tableName: 'saisie_jobs',
  properties: {
    id: p.uuid().primary(),
    ownerId: p.uuid(),
    ownerName: p.text(),
    /** The owner's stores when it asked: the worker reads the orders with them. */
    storeIds: p.array(),
    orderIds: p.array(),
    selectionHash: p.text(),
    state: p.enum(SAISIE_JOB_STATES),
    error: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    finishedAt: p.datetime().nullable(),
  },
});

export class SaisieJob extends SaisieJobSchema.class {}
SaisieJobSchema.setClass(SaisieJob);
