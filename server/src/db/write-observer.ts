import {
  AliasNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  TableNode,
  type UnknownRow,
} from 'kysely';

/** The table a write targets, whatever the query builder wrapped it in. */
function tableOf(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (TableNode.is(node)) return node.table.identifier.name;
  if (AliasNode.is(node)) return tableOf(node.node);
  return undefined;
}

/**
 * Counts writes per table as they pass through the query builder: every insert, update and
 * delete, by any module or hook, bumps its table's generation. Caches keyed by generation (list
 * totals) are then never stale for writes made by this process.
 */
export class WriteObserver implements KyselyPlugin {
  private readonly generations = new Map<string, number>();

  generation(table: string): number {
    return this.generations.get(table) ?? 0;
  }

  bump(table: string): void {
    this.generations.set(table, this.generation(table) + 1);
  }

  transformQuery(args: PluginTransformQueryArgs) {
    const node = args.node;
    const table =
      node.kind === 'InsertQueryNode'
        ? tableOf(node.into)
        : node.kind === 'UpdateQueryNode'
          ? tableOf(node.table)
          : node.kind === 'DeleteQueryNode'
            ? tableOf(node.from.froms[0])
            : undefined;
    if (table) this.bump(table);
    return node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
