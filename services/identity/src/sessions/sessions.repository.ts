import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

export interface SessionRow {
  id: string;
  user_id: string;
  refresh_hash: string;
  previous_refresh_hash: string | null;
  rotated_at: Date | null;
  user_agent: string;
  created_at: Date;
  last_used_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

/** Raw statements answer timestamps as text. */
function withDates(row: SessionRow): SessionRow {
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return {
    ...row,
    rotated_at: date(row.rotated_at),
    created_at: date(row.created_at)!,
    last_used_at: date(row.last_used_at)!,
    expires_at: date(row.expires_at)!,
    revoked_at: date(row.revoked_at),
  };
}

/** identity.sessions: one row per sign-in, in SQL (each statement is one round trip). */
@Injectable()
export class SessionsRepository {
  constructor(private readonly em: EntityManager) {}

  async insert(
    row: { id: string; userId: string; refreshHash: string; userAgent: string; expiresAt: Date },
    em: EntityManager = this.em.fork(),
  ): Promise<void> {
    await em.execute(
      `insert into identity.sessions (id, user_id, refresh_hash, user_agent, expires_at) values (?, ?, ?, ?, ?)`,
      [row.id, row.userId, row.refreshHash, row.userAgent, row.expiresAt],
      'run',
    );
    // The user's ended sessions are of no use a day later: each sign-in clears them.
    await em.execute(
      `delete from identity.sessions where user_id = ?
         and (expires_at < now() - interval '1 day' or revoked_at < now() - interval '1 day')`,
      [row.userId],
      'run',
    );
  }

  /** The session, locked until the transaction ends: two refreshes of one session take turns. */
  async lock(em: EntityManager, id: string): Promise<SessionRow | undefined> {
    const [row] = await em.execute<SessionRow[]>(`select * from identity.sessions where id = ? for update`, [
      id,
    ]);
    return row && withDates(row);
  }

  async rotate(em: EntityManager, id: string, nextHash: string, userAgent: string): Promise<void> {
    await em.execute(
      `update identity.sessions set previous_refresh_hash = refresh_hash, refresh_hash = ?, rotated_at = now(),
         last_used_at = now(), user_agent = ? where id = ?`,
      [nextHash, userAgent, id],
      'run',
    );
  }

  /**
   * Ends sessions of a user that are still open: one (`only`), all (`except` none), or all but
   * one (`except`). Answers the ids it ended.
   */
  async revoke(
    em: EntityManager,
    userId: string,
    which: { only?: string; except?: string } = {},
  ): Promise<string[]> {
    const conditions = ['user_id = ?', 'revoked_at is null'];
    const params: string[] = [userId];
    if (which.only) {
      conditions.push('id = ?');
      params.push(which.only);
    }
    if (which.except) {
      conditions.push('id <> ?');
      params.push(which.except);
    }
    const rows = await em.execute<{ id: string }[]>(
      `update identity.sessions set revoked_at = now() where ${conditions.join(' and ')} returning id`,
      params,
    );
    return rows.map((row) => row.id);
  }

  async openOf(userId: string): Promise<SessionRow[]> {
    const rows = await this.em.fork().execute<SessionRow[]>(
      `select * from identity.sessions where user_id = ? and revoked_at is null and expires_at > now()
           order by last_used_at desc`,
      [userId],
    );
    return rows.map(withDates);
  }
}
