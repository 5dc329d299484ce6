// Deep-link parameters (SPEC §7 lookup), written by the admin command, read by the lookup route.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { telemetryDb } from '../../db/telemetry-schema.js';

export interface DeepLinkEntry {
  project: string;
  systemType: string;
  key: string;
  params: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
}

export interface DeepLinkId {
  project: string;
  systemType: string;
  key: string;
}

export interface DeepLinksRepository {
  /** Creates or replaces the entry. */
  set(id: DeepLinkId, params: Record<string, unknown>, now: number): Promise<DeepLinkEntry>;
  get(id: DeepLinkId): Promise<DeepLinkEntry | undefined>;
  list(filter?: { project?: string; systemType?: string }): Promise<DeepLinkEntry[]>;
  /** True when there was an entry to delete. */
  delete(id: DeepLinkId): Promise<boolean>;
}

export function createDeepLinksRepository(base: Kysely<Database>): DeepLinksRepository {
  const db = telemetryDb(base);
  const toEntry = (row: { project: string; system_type: string; key: string; params: string; created_at: number; updated_at: number }): DeepLinkEntry => ({
    project: row.project,
    systemType: row.system_type,
    key: row.key,
    params: JSON.parse(row.params) as Record<string, unknown>,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
  return {
    async set({ project, systemType, key }, params, now) {
      const json = JSON.stringify(params);
      await db
        .insertInto('deep_links')
        .values({ project, system_type: systemType, key, params: json, created_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(['project', 'system_type', 'key']).doUpdateSet({ params: json, updated_at: now }))
        .execute();
      const entry = await this.get({ project, systemType, key });
      if (!entry) throw new Error('deep link vanished after it was written');
      return entry;
    },
    async get({ project, systemType, key }) {
      const row = await db
        .selectFrom('deep_links')
        .selectAll()
        .where('project', '=', project)
        .where('system_type', '=', systemType)
        .where('key', '=', key)
        .executeTakeFirst();
      return row && toEntry(row);
    },
    async list(filter = {}) {
      let query = db.selectFrom('deep_links').selectAll();
      if (filter.project) query = query.where('project', '=', filter.project);
      if (filter.systemType) query = query.where('system_type', '=', filter.systemType);
      const rows = await query.orderBy('project').orderBy('key').orderBy('system_type').execute();
      return rows.map(toEntry);
    },
    async delete({ project, systemType, key }) {
      const result = await db
        .deleteFrom('deep_links')
        .where('project', '=', project)
        .where('system_type', '=', systemType)
        .where('key', '=', key)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
