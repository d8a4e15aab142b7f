import { Migration } from '@mikro-orm/migrations';

/**
 * Four eyes across API keys, the maker's side: who issued the key a held command was made with, when that was
 * another user than the key's own. Whoever issued it could have made the command himself, so he is not its
 * checker (maker-checker.service.ts).
 */
export class MakerDelegatedByMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table account.maker_checker add column maker_delegated_by integer`);
  }
}
