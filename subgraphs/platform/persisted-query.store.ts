import type { Database } from './database.js';

/** Where the edge keeps documents registered by hash (Automatic Persisted Queries), by key. */
export interface PersistedQueryStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, query: string): Promise<void>;
}

/** A read refreshes an entry's last use at most this often: a hot document does not write on every request. */
const TOUCH_AFTER_SECONDS = 60;

/**
 * The store in the database (kernel.persisted_query), so that every worker and instance of a deployment
 * sees what any of them registered. Bounded as the in-memory store is: past `maxEntries` entries or
 * `maxChars` characters of documents, the least recently used go, in the statement that registers.
 */
export class DatabasePersistedQueryStore implements PersistedQueryStore {
  constructor(
    private readonly db: Database,
    private readonly limits: { maxEntries: number; maxChars: number },
  ) {}

  async get(key: string): Promise<string | undefined> {
    const rows = await this.db.system((em) =>
      em.execute<{ query: string }[]>(
        `with hit as (select key, query, used_at from kernel.persisted_query where key = ?),
              touched as (update kernel.persisted_query p set used_at = now() from hit
                          where p.key = hit.key and hit.used_at < now() - make_interval(secs => ?))
         select query from hit`,
        [key, TOUCH_AFTER_SECONDS],
      ));
    return rows[0]?.query;
  }

  async set(key: string, query: string): Promise<void> {
    await this.db.system(async (em) => {
      await em.execute(
        `insert into kernel.persisted_query (key, query) values (?, ?) on conflict (key) do update set query = excluded.query, used_at = now()`,
        [key, query],
      );
      // Newest first: whatever lies past the entry cap or the running total of characters goes.
      await em.execute(
        `delete from kernel.persisted_query where key in (
           select key from (
             select key, row_number() over w as n, sum(length(query)) over w as chars
             from kernel.persisted_query window w as (order by used_at desc, key)) ranked
           where n > ? or chars > ?)`,
        [this.limits.maxEntries, this.limits.maxChars],
      );
    });
  }
}
