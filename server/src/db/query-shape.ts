import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/** A value standing in for one argument while a shape is compiled. */
class Placeholder {
  constructor(readonly index: number) {}
}

interface Shape<R> {
  query: CompiledQuery<R>;
  /** For each parameter, the argument it takes, or -1 when it is fixed. */
  slots: number[];
}

/**
 * Queries of a fixed shape compiled once per database handle. Building a Kysely query and
 * running it through every plugin and the compiler costs more than SQLite takes to answer a
 * short one; a request's hot queries differ only in their values. A shape is built with
 * placeholders where its arguments go (plain values only: a placeholder must reach the SQL as
 * one parameter, as in `where(col, '=', x)`, `limit(x)`), then each run puts its arguments in
 * their places. The key names everything else the built query depends on; the handle is part of
 * it by construction (a tenant's scoped handle adds its own conditions).
 */
export class QueryShapes {
  private byHandle = new WeakMap<object, Map<string, Shape<unknown>>>();
  private size = 0;

  /** `kept`: shapes over all handles before the memory starts over (a bound against odd keys). */
  constructor(private readonly kept = 200) {}

  async execute<R, A extends readonly unknown[]>(
    // biome-ignore lint/suspicious/noExplicitAny: any handle, whatever its table types
    db: Kysely<any>,
    key: string,
    build: (...args: A) => Compilable<R>,
    args: A,
  ): Promise<R[]> {
    let shape = this.byHandle.get(db)?.get(key) as Shape<R> | undefined;
    if (!shape) {
      shape = compileShape(build, args.length);
      if (this.size >= this.kept) {
        this.byHandle = new WeakMap();
        this.size = 0;
      }
      let shapes = this.byHandle.get(db);
      if (!shapes) {
        shapes = new Map();
        this.byHandle.set(db, shapes);
      }
      shapes.set(key, shape as Shape<unknown>);
      this.size++;
    }
    const { query, slots } = shape;
    const parameters = query.parameters.map((p, i) => (slots[i]! < 0 ? p : args[slots[i]!]));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  }
}

function compileShape<R, A extends readonly unknown[]>(
  build: (...args: A) => Compilable<R>,
  arity: number,
): Shape<R> {
  const placeholders = Array.from({ length: arity }, (_, i) => new Placeholder(i));
  const query = build(...(placeholders as unknown as A)).compile();
  const slots = query.parameters.map((p) => (p instanceof Placeholder ? p.index : -1));
  for (const p of placeholders)
    if (!slots.includes(p.index)) throw new Error(`argument ${p.index} of a query shape is not a parameter`);
  return { query, slots };
}
