import { Migration } from '@mikro-orm/migrations';
import { tenantRlsSql } from '../../kernel/migration-sql.js';

/**
 * Meetings (Fineract's m_calendar with its m_calendar_instance folded in): a center's or a group's
 * collection meeting and how it repeats. A group in a center has none of its own: it meets with its center.
 */
export class MeetingsMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table groups.calendar (
      tenant_id varchar(64) not null,
      id integer not null,
      grouping_id integer not null,
      title varchar(70) not null,
      description varchar(100),
      location varchar(100),
      start_date date not null,
      end_date date,
      type_id smallint not null default 1 check (type_id = 1),
      repeating boolean not null,
      frequency smallint check (frequency between 1 and 4),
      repeat_interval smallint check (repeat_interval between 1 and 52),
      repeats_on_day smallint check (repeats_on_day between 1 and 7),
      created_by integer,
      created_at timestamptz not null default now(),
      updated_by integer,
      updated_at timestamptz not null default now(),
      primary key (tenant_id, id),
      foreign key (tenant_id, grouping_id) references groups.grouping (tenant_id, id) on delete cascade,
      check (not repeating or (frequency is not null and repeat_interval is not null)),
      check (end_date is null or end_date >= start_date))`);
    // One collection meeting per center or group (Fineract's rule for type 1).
    this.addSql(`create unique index calendar_grouping on groups.calendar (tenant_id, grouping_id)`);
    for (const sql of tenantRlsSql('groups.calendar')) this.addSql(sql);
  }
}
