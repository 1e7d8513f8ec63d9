/** The parts of package-lock.json (lockfileVersion 3) these checks read. */
export interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
}
export interface Lock {
  packages: Record<string, LockEntry>;
}

export interface MissingPackage {
  /** The locked package that names it. */
  parent: string;
  name: string;
  /** As the parent asks for it (rollup, esbuild and the like pin one version). */
  spec: string;
}

/** Where Node would find `name` from the package at `path`: its own node_modules, then each one above. */
function resolves(lock: Lock, path: string, name: string): boolean {
  let base = path;
  for (;;) {
    if (lock.packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const above = base.lastIndexOf('/node_modules/');
    base = above < 0 ? '' : base.slice(0, above);
  }
}

/**
 * Optional dependencies of locked packages that the lock does not name. npm can write only those
 * of the machine it ran on (npm/cli#4828), and `npm ci` installs only what the lock names: a
 * package's binary for another system (@rollup/rollup-darwin-arm64, …) would never be installed
 * there.
 */
export function missingOptional(lock: Lock): MissingPackage[] {
  const missing: MissingPackage[] = [];
  for (const [path, entry] of Object.entries(lock.packages))
    for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {}))
      if (!resolves(lock, path, name)) missing.push({ parent: path, name, spec });
  return missing;
}
