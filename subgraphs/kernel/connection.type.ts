import { Directive, Field, Int, ObjectType } from 'type-graphql';
import type { Connection, Edge, PageInfo } from './connection.js';

/** Relay's PageInfo; every subgraph with a connection declares it, so it is shareable. */
@Directive('@shareable')
@ObjectType({ description: 'Where a connection page sits: whether more rows follow, and the cursors of its first and last rows.' })
export class PageInfoType implements PageInfo {
  @Field({ description: 'True when rows follow this page: ask again with after: endCursor.' }) hasNextPage!: boolean;
  @Field(() => String, { nullable: true, description: 'The cursor of the last row of this page (null when the page is empty); pass it as `after` for the next page.' }) endCursor!: string | null;
  @Field({ description: 'True when this page was asked for after a cursor (rows precede it).' }) hasPreviousPage!: boolean;
  @Field(() => String, { nullable: true, description: 'The cursor of the first row of this page (null when the page is empty).' }) startCursor!: string | null;
}

/**
 * The `<Name>Edge` and `<Name>Connection` object types of a list whose rows are `node` objects. Each list
 * calls this once at module load (type-graphql registers a class per name).
 */
export function connectionType<N extends object>(node: new () => N, name: string, what: string): new () => Connection<N> {
  @ObjectType(`${name}Edge`, { description: `One ${what} of a ${name}Connection page, with the cursor that resumes after it.` })
  class EdgeType implements Edge<N> {
    @Field({ description: 'Opaque cursor of this row: pass it as `after` to read the rows that follow it.' }) cursor!: string;
    @Field(() => node, { description: `The ${what}.` }) node!: N;
  }

  @ObjectType(`${name}Connection`, { description: `A cursor page of ${what} rows (Relay connection): ask with first (default 20, at most 200) and after (a cursor this list returned).` })
  class ConnectionType implements Connection<N> {
    @Field(() => [EdgeType], { description: 'The rows of this page, in the list\'s order.' }) edges!: EdgeType[];
    @Field(() => PageInfoType, { description: 'Whether more rows follow, and the cursors to resume from.' }) pageInfo!: PageInfoType;
    @Field(() => Int, { description: 'How many rows the whole list has with these filters (all pages).' }) totalCount!: number;
  }
  return ConnectionType;
}
