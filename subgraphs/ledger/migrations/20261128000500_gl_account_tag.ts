import { Migration } from '@mikro-orm/migrations';

/**
 * A GL account's tag: a value of the code list for its type (AssetAccountTags...), as Fineract's chart of
 * accounts has it. The code values belong to the organisation module, so no foreign key crosses into it;
 * the service checks the value against the account's type when it is set.
 */
export class GLAccountTagMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table ledger.gl_account add column tag_id integer null`);
  }
}
