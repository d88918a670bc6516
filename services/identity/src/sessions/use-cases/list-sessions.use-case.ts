import { Injectable } from '@nestjs/common';
import type { SessionView } from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { SessionsRepository } from '../sessions.repository';

/** The caller's open sessions, most recently used first, the current one marked. */
@Injectable()
export class ListSessionsUseCase {
  constructor(private readonly sessions: SessionsRepository) {}

  async execute(actor: Actor): Promise<SessionView[]> {
    const rows = await this.sessions.openOf(actor.userId);
    return rows.map((row) => ({
      _id: row.id,
      userAgent: row.user_agent,
      createdAt: row.created_at.toISOString(),
      lastUsedAt: row.last_used_at.toISOString(),
      current: row.id === actor.sessionId,
    }));
  }
}
