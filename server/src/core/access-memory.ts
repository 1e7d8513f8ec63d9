/** Remembers a value under a key for as long as what it was derived from stays unchanged. */
export type Remember = <T>(key: string, load: () => Promise<T>) => Promise<T>;

/** Loads without remembering: for callers outside a request (jobs, tests). */
export const loadEachTime: Remember = (_key, load) => load();

/** The caller's memory, or none (a caller built outside a request). */
export const rememberOf = (auth: { remember?: Remember }): Remember => auth.remember ?? loadEachTime;

/** Keys per caller before the memory starts over (a bound against a flood of role sets). */
const MAX_CALLERS = 5_000;
/** Values per caller before its memory starts over (names of the rows of many pages). */
const MAX_VALUES = 1_000;

/**
 * What callers may do (their roles, permission codes, scope rules, their tenant's binding),
 * remembered per access version. The version is read with the session on every request and
 * advances with every write to an access table (migration 0022), so nothing remembered outlives
 * a grant, a scope, a tenant or a binding change, in this process or any other.
 */
export class AccessMemory {
  private version = 0;
  private readonly callers = new Map<string, Map<string, Promise<unknown>>>();

  /** The memory of one caller (tenant, department and roles) at the version its request read. */
  of(version: number, caller: string): Remember {
    // A request that read an older version than another already did must not refill the
    // memory with what it loads: it may be from before the change.
    if (version < this.version) return loadEachTime;
    if (version > this.version || this.callers.size >= MAX_CALLERS) {
      this.version = version;
      this.callers.clear();
    }
    let values = this.callers.get(caller);
    if (!values) {
      values = new Map();
      this.callers.set(caller, values);
    }
    const memory = values;
    return <T>(key: string, load: () => Promise<T>): Promise<T> => {
      let value = memory.get(key) as Promise<T> | undefined;
      if (!value) {
        if (memory.size >= MAX_VALUES) memory.clear();
        value = load();
        memory.set(key, value);
        // A failure (the database away) is not an answer to remember.
        value.catch(() => {
          if (memory.get(key) === value) memory.delete(key);
        });
      }
      return value;
    };
  }
}
