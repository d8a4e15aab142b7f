import { Migration } from '@mikro-orm/migrations';
import { schemaSql, tenantRlsSql } from '../../kernel/migration-sql.js';
import { AUDIT_COLUMNS } from '../../kernel/tenant-owned.entity.js';

export class LedgerMigration extends Migration {
  override async up(): Promise<void> {
    for (const sql of schemaSql('ledger')) this.addSql(sql);

    this.addSql(`create table ledger.currency (
      tenant_id varchar(64) not null references organisation.tenant (id) deferrable initially deferred,
      code varchar(3) not null check (code ~ '^[A-Z]{3}$'),
      name varchar(100) not null,
      decimal_places smallint not null check (decimal_places between 0 and 6),
      in_multiples_of integer,
      display_symbol varchar(10),
      name_code varchar(100) not null,
      base boolean not null default false,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, code))`);
    this.addSql(`create unique index currency_base on ledger.currency (tenant_id) where base`);

    this.addSql(`create table ledger.gl_account (
      tenant_id varchar(64) not null references organisation.tenant (id) deferrable initially deferred,
      id integer not null,
      name varchar(200) not null,
      gl_code varchar(45) not null,
      parent_id integer,
      type smallint not null check (type between 1 and 5),
      usage smallint not null check (usage in (1, 2)),
      manual_entries_allowed boolean not null default true,
      disabled boolean not null default false,
      description varchar(500),
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      foreign key (tenant_id, parent_id) references ledger.gl_account (tenant_id, id) deferrable initially deferred)`);
    this.addSql(`create unique index gl_account_gl_code on ledger.gl_account (tenant_id, gl_code)`);
    this.addSql(`create index gl_account_parent on ledger.gl_account (tenant_id, parent_id)`);

    // Journal lines are the hot path: ids from a plain sequence (no per-tenant counter row to queue on),
    // and no running-balance row is updated per posting; balances are sums over the lines.
    this.addSql(`create sequence ledger.journal_entry_id_seq`);
    this.addSql(`create sequence ledger.journal_transaction_seq`);
    this.addSql(`create table ledger.journal_entry (
      tenant_id varchar(64) not null,
      id bigint not null default nextval('ledger.journal_entry_id_seq'),
      transaction_id varchar(50) not null,
      office_id integer not null,
      gl_account_id integer not null,
      currency_code varchar(3) not null,
      transaction_date date not null,
      entry_type smallint not null check (entry_type in (1, 2)),
      amount numeric(20,6) not null check (amount > 0),
      manual_entry boolean not null default false,
      reversed boolean not null default false,
      reversal_transaction_id varchar(50),
      reversal_of varchar(50),
      entity_type varchar(30),
      entity_id bigint,
      reference_number varchar(100),
      comments varchar(500),
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      foreign key (tenant_id, gl_account_id) references ledger.gl_account (tenant_id, id) deferrable initially deferred,
      foreign key (tenant_id, office_id) references organisation.office (tenant_id, id) deferrable initially deferred,
      foreign key (tenant_id, currency_code) references ledger.currency (tenant_id, code) deferrable initially deferred)`);
    this.addSql(`alter sequence ledger.journal_entry_id_seq owned by ledger.journal_entry.id`);
    this.addSql(`create index journal_entry_transaction on ledger.journal_entry (tenant_id, transaction_id)`);
    this.addSql(`create index journal_entry_account_date on ledger.journal_entry (tenant_id, gl_account_id, transaction_date)`);
    this.addSql(`create index journal_entry_office_date on ledger.journal_entry (tenant_id, office_id, transaction_date)`);
    this.addSql(`create index journal_entry_entity on ledger.journal_entry (tenant_id, entity_type, entity_id) where entity_type is not null`);

    this.addSql(`create table ledger.gl_closure (
      tenant_id varchar(64) not null,
      id integer not null,
      office_id integer not null,
      closing_date date not null,
      comments varchar(500),
      deleted boolean not null default false,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      foreign key (tenant_id, office_id) references organisation.office (tenant_id, id) deferrable initially deferred)`);
    this.addSql(`create unique index gl_closure_office_date on ledger.gl_closure (tenant_id, office_id, closing_date) where not deleted`);

    for (const table of ['currency', 'gl_account', 'journal_entry', 'gl_closure']) {
      for (const sql of tenantRlsSql(`ledger.${table}`)) this.addSql(sql);
    }
  }
}
