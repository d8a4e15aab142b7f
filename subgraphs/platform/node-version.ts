/** The oldest Node this service runs on: MikroORM 7's migrator and @apollo/subgraph need it. */
export const MINIMUM_NODE = '22.17.0';

/** Null when `version` (process.versions.node) is new enough, otherwise the one-line reason. */
export function nodeTooOld(version: string, minimum = MINIMUM_NODE): string | null {
  const have = version.split('.').map(Number);
  const need = minimum.split('.').map(Number);
  for (let i = 0; i < need.length; i++) {
    if ((have[i] ?? 0) > need[i]!) return null;
    if ((have[i] ?? 0) < need[i]!) {
      return `This service needs Node ${minimum} or newer; this is Node ${version}. Run it through npm (the project's own Node 24 is in node_modules/.bin) or install Node 24.`;
    }
  }
  return null;
}

/** Exits with the reason when the running Node is too old. Imported first by every entry point. */
export function requireNode(): void {
  const reason = nodeTooOld(process.versions.node);
  if (reason) {
    console.error(reason);
    process.exit(1);
  }
}
