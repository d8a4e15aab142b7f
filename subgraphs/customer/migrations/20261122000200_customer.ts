import { Migration } from '@mikro-orm/migrations';
import { schemaSql, tenantRlsSql } from '../../kernel/migration-sql.js';
import { AUDIT_COLUMNS } from '../../kernel/tenant-owned.entity.js';

export class CustomerMigration extends Migration {
  // tenant_id leads every key; foreign keys are deferred to commit like the organisation tables.
  override async up(): Promise<void> {
    for (const sql of schemaSql('customer')) this.addSql(sql);

    this.addSql(`create table customer.client (
      tenant_id varchar(64) not null,
      id integer not null,
      cif varchar(11) not null check (cif ~ '^CIF[0-9]{8}$'),
      account_no varchar(9) not null check (account_no ~ '^[0-9]{9}$'),
      external_id varchar(100),
      legal_form_id smallint not null check (legal_form_id in (1, 2)),
      firstname varchar(50),
      middlename varchar(50),
      lastname varchar(50),
      fullname varchar(160),
      display_name varchar(200) not null,
      office_id integer not null check (office_id >= 2),
      staff_id integer,
      status_id smallint not null default 100 check (status_id in (100, 300, 600)),
      submitted_on_date date not null,
      activation_date date,
      mobile_no varchar(50),
      email_address varchar(150),
      date_of_birth date,
      bvn varchar(11) check (bvn ~ '^[0-9]{11}$'),
      bvn_verified boolean not null default false,
      bvn_duplicate boolean not null default false,
      nin varchar(11),
      proof_of_address_reference varchar(100),
      kyc_tier smallint not null default 1 check (kyc_tier between 1 and 3),
      constitution_id integer check (constitution_id between 200200 and 200207),
      main_business_line_id integer check (main_business_line_id between 200220 and 200232),
      incorp_number varchar(100),
      incorp_validity_till_date date,
      remarks varchar(500),
      scuml_number varchar(100),
      scuml_expiry date,
      tin varchar(50),
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      foreign key (tenant_id, office_id) references organisation.office (tenant_id, id) deferrable initially deferred,
      foreign key (tenant_id, staff_id) references organisation.staff (tenant_id, id) deferrable initially deferred,
      check ((status_id = 300) = (activation_date is not null)))`);
    this.addSql(`create unique index client_cif on customer.client (tenant_id, cif)`);
    this.addSql(`create unique index client_account_no on customer.client (tenant_id, account_no)`);
    this.addSql(`create unique index client_external_id on customer.client (tenant_id, external_id) where external_id is not null`);
    this.addSql(`create index client_office on customer.client (tenant_id, office_id)`);
    this.addSql(`create index client_staff on customer.client (tenant_id, staff_id) where staff_id is not null`);
    this.addSql(`create index client_bvn on customer.client (tenant_id, bvn) where bvn is not null`);

    this.addSql(`create table customer.client_official (
      tenant_id varchar(64) not null,
      id integer not null,
      client_id integer not null,
      official_type varchar(20) not null check (official_type in ('DIRECTOR', 'SIGNATORY', 'BENEFICIAL_OWNER')),
      name varchar(160) not null,
      bvn varchar(11),
      tin varchar(50),
      ownership_pct numeric(5, 2) check (ownership_pct between 0 and 100),
      phone varchar(50),
      email varchar(150),
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      foreign key (tenant_id, client_id) references customer.client (tenant_id, id) on delete cascade deferrable initially deferred)`);
    this.addSql(`create index client_official_client on customer.client_official (tenant_id, client_id)`);

    for (const table of ['client', 'client_official']) {
      for (const sql of tenantRlsSql(`customer.${table}`)) this.addSql(sql);
    }
  }
}
