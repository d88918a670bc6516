import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  DEFAULT_STORE_SETTINGS,
  type StoreSettingsDto,
  type StoreSettingsView,
} from '@tawsil/contracts/orders';

const SELECT = `select store_id as "storeId", max_attempts as "maxAttempts", retry_delay_minutes as "retryDelayMinutes",
  claim_minutes as "claimMinutes", assignment, agent_cap as "agentCap" from orders.store_settings`;

/** Each store's queue settings; a store nobody configured has the defaults. */
@Injectable()
export class StoreSettingsRepository {
  constructor(private readonly em: EntityManager) {}

  async of(storeIds: string[], em: EntityManager = this.em.fork()): Promise<StoreSettingsView[]> {
    if (storeIds.length === 0) return [];
    const rows = await em.execute<StoreSettingsView[]>(
      `${SELECT} where store_id in (select jsonb_array_elements_text(?::jsonb)::uuid)`,
      [JSON.stringify(storeIds)],
    );
    const byStore = new Map(rows.map((row) => [row.storeId, row]));
    return storeIds.map((storeId) => byStore.get(storeId) ?? { storeId, ...DEFAULT_STORE_SETTINGS });
  }

  /** Writes the given fields over the current ones; answers the settings and the mode they replaced. */
  async save(
    em: EntityManager,
    storeId: string,
    changes: StoreSettingsDto,
  ): Promise<{ settings: StoreSettingsView; previous: StoreSettingsView }> {
    const [previous] = await em.execute<StoreSettingsView[]>(`${SELECT} where store_id = ? for update`, [
      storeId,
    ]);
    const settings = { ...DEFAULT_STORE_SETTINGS, ...previous, ...definedOnly(changes), storeId };
    await em.execute(
      `insert into orders.store_settings (store_id, max_attempts, retry_delay_minutes, claim_minutes, assignment, agent_cap)
       values (?, ?, ?, ?, ?, ?)
       on conflict (store_id) do update set max_attempts = excluded.max_attempts,
         retry_delay_minutes = excluded.retry_delay_minutes, claim_minutes = excluded.claim_minutes,
         assignment = excluded.assignment, agent_cap = excluded.agent_cap, updated_at = now()`,
      [
        storeId,
        settings.maxAttempts,
        settings.retryDelayMinutes,
        settings.claimMinutes,
        settings.assignment,
        settings.agentCap,
      ],
    );
    return { settings, previous: previous ?? { storeId, ...DEFAULT_STORE_SETTINGS } };
  }
}

const definedOnly = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
