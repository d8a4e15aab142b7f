/**
 * Common table expressions one module contributes to another module's statement, so that two modules'
 * writes share a round trip without either editing the other's SQL text: the caller names its own CTE
 * the fragment waits for (`after`), and reads the fragment's outcome from the CTE the fragment names
 * (`result`), never from a name it assumes.
 */
export type CteRef = string & { readonly __cte: unique symbol };

/** A CTE's name as a typed reference (a plain SQL identifier, checked). */
export function cteRef(name: string): CteRef {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a CTE name: ${name}`);
  return name as CteRef;
}

export interface CteFragment {
  /** `name as (...)` entries, comma-separated, to follow the caller's own CTEs. */
  sql: string;
  params: readonly unknown[];
  /** Yields one row when the fragment took effect, none when it refused. */
  result: CteRef;
}
