import {
  AliasNode,
  BinaryOperationNode,
  ColumnNode,
  type DeleteQueryNode,
  IdentifierNode,
  type InsertQueryNode,
  JoinNode,
  type KyselyPlugin,
  type OperationNode,
  OperationNodeTransformer,
  OperatorNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PrimitiveValueListNode,
  type QueryId,
  QueryNode,
  type QueryResult,
  ReferenceNode,
  type SelectQueryNode,
  TableNode,
  type UnknownRow,
  type UpdateQueryNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
} from 'kysely';

export class TenantScopeError extends Error {}

const TENANT_COLUMN = 'tenant_id';

/**
 * Adds `tenant_id = :tenant` for every tenant-owned table a query touches: in WHERE for the
 * tables it reads from, updates or deletes, in ON for joined ones (so outer joins stay outer),
 * and as the inserted value for inserts (overriding whatever the caller put there). Sub-queries
 * are rewritten too. Modules receive only a database with this plugin for their tenant, so a
 * query that forgets the tenant cannot be written by accident.
 */
export class TenantScopePlugin implements KyselyPlugin {
  private readonly transformer: TenantScopeTransformer;

  constructor(tenantId: string, tenantTables: ReadonlySet<string>) {
    if (!tenantId) throw new TenantScopeError('A tenant-scoped database needs a tenant id.');
    this.transformer = new TenantScopeTransformer(tenantId, tenantTables);
  }

  transformQuery(args: PluginTransformQueryArgs) {
    return this.transformer.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

class TenantScopeTransformer extends OperationNodeTransformer {
  constructor(
    private readonly tenantId: string,
    private readonly tenantTables: ReadonlySet<string>,
  ) {
    super();
  }

  protected override transformSelectQuery(node: SelectQueryNode, queryId?: QueryId): SelectQueryNode {
    const out = super.transformSelectQuery(node, queryId);
    return this.scopeJoins(this.scopeFroms(out, out.from?.froms ?? []));
  }

  protected override transformUpdateQuery(node: UpdateQueryNode, queryId?: QueryId): UpdateQueryNode {
    const out = super.transformUpdateQuery(node, queryId);
    const targets = [...(out.table ? [out.table] : []), ...(out.from?.froms ?? [])];
    return this.scopeJoins(this.scopeFroms(out, targets));
  }

  protected override transformDeleteQuery(node: DeleteQueryNode, queryId?: QueryId): DeleteQueryNode {
    const out = super.transformDeleteQuery(node, queryId);
    return this.scopeJoins(this.scopeFroms(out, out.from.froms));
  }

  protected override transformInsertQuery(node: InsertQueryNode, queryId?: QueryId): InsertQueryNode {
    const out = super.transformInsertQuery(node, queryId);
    if (!out.into || !this.tenantTables.has(out.into.table.identifier.name)) return out;
    if (out.values?.kind !== 'ValuesNode' || !out.columns) {
      throw new TenantScopeError('Inserts into tenant-owned tables must list their values.');
    }
    const columns = [...out.columns];
    let index = columns.findIndex((c) => c.column.name === TENANT_COLUMN);
    if (index < 0) {
      columns.push(ColumnNode.create(TENANT_COLUMN));
      index = columns.length - 1;
    }
    const rows = (out.values as ValuesNode).values.map((row) => {
      if (PrimitiveValueListNode.is(row)) {
        const values = [...row.values];
        values[index] = this.tenantId;
        return PrimitiveValueListNode.create(values);
      }
      const values = [...row.values];
      values[index] = ValueNode.create(this.tenantId);
      return ValueListNode.create(values);
    });
    return { ...out, columns, values: ValuesNode.create(rows) };
  }

  private scopeFroms<T extends SelectQueryNode | UpdateQueryNode | DeleteQueryNode>(
    node: T,
    froms: ReadonlyArray<OperationNode>,
  ): T {
    let out = node;
    for (const from of froms) {
      const ref = this.tenantRef(from);
      if (ref) out = QueryNode.cloneWithWhere(out, this.predicate(ref)) as T;
    }
    return out;
  }

  private scopeJoins<T extends SelectQueryNode | UpdateQueryNode | DeleteQueryNode>(node: T): T {
    if (!node.joins?.length) return node;
    const joins = node.joins.map((join) => {
      const ref = this.tenantRef(join.table);
      if (!ref) return join;
      if (!join.on) throw new TenantScopeError('Joins of tenant-owned tables need an ON clause.');
      return JoinNode.cloneWithOn(join, this.predicate(ref));
    });
    return { ...node, joins };
  }

  /** The name to qualify tenant_id with when the node is a tenant-owned table (or its alias). */
  private tenantRef(node: OperationNode): string | undefined {
    if (TableNode.is(node)) {
      const name = node.table.identifier.name;
      return this.tenantTables.has(name) ? name : undefined;
    }
    if (AliasNode.is(node) && TableNode.is(node.node) && IdentifierNode.is(node.alias)) {
      return this.tenantTables.has(node.node.table.identifier.name) ? node.alias.name : undefined;
    }
    return undefined;
  }

  private predicate(ref: string): OperationNode {
    return BinaryOperationNode.create(
      ReferenceNode.create(ColumnNode.create(TENANT_COLUMN), TableNode.create(ref)),
      OperatorNode.create('='),
      ValueNode.create(this.tenantId),
    );
  }
}
