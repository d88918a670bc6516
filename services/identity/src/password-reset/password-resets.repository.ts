import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** identity.password_resets: hashes of the mailed tokens, each usable once before it expires. */
@Injectable()
export class PasswordResetsRepository {
  constructor(private readonly em: EntityManager) {}

  async recentCount(userId: string, withinMs: number): Promise<number> {
    const [row] = await this.em.fork().execute<{ count: string }[]>(
      `select count(*) as count from identity.password_resets
           where user_id = ? and created_at > now() - make_interval(secs => ?)`,
      [userId, withinMs / 1000],
    );
    return Number(row?.count ?? 0);
  }

  async insert(tokenHash: string, userId: string, expiresAt: Date): Promise<void> {
    const em = this.em.fork();
    await em.execute(
      `delete from identity.password_resets where user_id = ? and created_at < now() - interval '1 day'`,
      [userId],
      'run',
    );
    await em.execute(
      `insert into identity.password_resets (token_hash, user_id, expires_at) values (?, ?, ?)`,
      [tokenHash, userId, expiresAt],
      'run',
    );
  }

  /** Uses the token up, with every other open link of its user; answers the user, or nothing. */
  async consume(em: EntityManager, tokenHash: string): Promise<string | undefined> {
    const [row] = await em.execute<{ user_id: string }[]>(
      `update identity.password_resets set used_at = now()
         where token_hash = ? and used_at is null and expires_at > now() returning user_id`,
      [tokenHash],
    );
    if (!row) return undefined;
    await em.execute(
      `update identity.password_resets set used_at = now() where user_id = ? and used_at is null`,
      [row.user_id],
      'run',
    );
    return row.user_id;
  }
}
