import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { EndedSessions } from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { retryTransaction } from '@tawsil/nest-common';
import { RevocationPublisher } from '../revocation-publisher';
import { SessionsRepository } from '../sessions.repository';

/** Signs out: ends the caller's session, or every session of theirs. */
@Injectable()
export class EndSessionsUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly sessions: SessionsRepository,
    private readonly revocations: RevocationPublisher,
  ) {}

  async execute(actor: Actor, input: { all: boolean }): Promise<EndedSessions> {
    const { userId, sessionId } = actor;
    const all = input.all === true;
    if (!all && !sessionId) return { endedSessionIds: [] };
    const ended = await retryTransaction(() =>
      this.em.fork().transactional((em) => this.sessions.revoke(em, userId, all ? {} : { only: sessionId })),
    );
    // The caller's own session is announced even when it had ended already: a retry after a
    // failed announcement still reaches the gateways.
    const announced = all ? ended : [sessionId!];
    await this.revocations.publish(announced);
    return { endedSessionIds: announced };
  }
}
