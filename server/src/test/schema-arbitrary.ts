import fc from 'fast-check';

/**
 * Values for a JSON schema (the subset the OpenAPI document uses), for the property-based
 * contract run: what a client reading only the document could send.
 */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
};

/** A schema with its `$ref`s looked up in the document's components. */
export const resolver =
  (components: Record<string, JsonSchema> = {}) =>
  (schema: JsonSchema): JsonSchema => {
    let s = schema;
    for (let hops = 0; s.$ref && hops < 10; hops++) s = components[s.$ref.split('/').pop()!] ?? {};
    return s;
  };

const SAFE_MAX = 1_000_000_000;

function textOf(s: JsonSchema): fc.Arbitrary<string> {
  const max = Math.min(s.maxLength ?? 40, 40);
  const min = Math.min(s.minLength ?? 0, max);
  if (s.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(s.pattern))
        .filter((v) => v.length >= min && v.length <= (s.maxLength ?? 1e9));
    } catch {
      // A pattern this engine cannot build from: plain text.
    }
  }
  return fc.string({ minLength: min, maxLength: max });
}

/** An arbitrary of values valid for `schema` (depth-limited, so recursive trees end). */
export function arbitraryOf(
  schema: JsonSchema,
  resolve: (s: JsonSchema) => JsonSchema,
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const choices = s.anyOf ?? s.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((c) => arbitraryOf(c, resolve, depth + 1)));
  if (s.allOf?.length) return arbitraryOf(s.allOf[0]!, resolve, depth + 1);
  const types = [s.type ?? (s.properties ? 'object' : 'string')].flat();
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'integer':
          return fc.integer({
            min: Math.max(s.minimum ?? -SAFE_MAX, -SAFE_MAX),
            max: Math.min(s.maximum ?? SAFE_MAX, SAFE_MAX),
          });
        case 'number':
          return fc.double({
            min: Math.max(s.minimum ?? -SAFE_MAX, -SAFE_MAX),
            max: Math.min(s.maximum ?? SAFE_MAX, SAFE_MAX),
            noNaN: true,
          });
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array':
          return depth > 3
            ? fc.constant([])
            : fc.array(arbitraryOf(s.items ?? {}, resolve, depth + 1), {
                minLength: s.minItems ?? 0,
                maxLength: Math.min(s.maxItems ?? 3, 3),
              });
        case 'object': {
          const properties = s.properties ?? {};
          if (depth > 3 || !Object.keys(properties).length) return fc.constant({});
          return fc.record(
            Object.fromEntries(
              Object.entries(properties).map(([name, p]) => [name, arbitraryOf(p, resolve, depth + 1)]),
            ),
            { requiredKeys: (s.required ?? []).filter((name) => name in properties) },
          );
        }
        default:
          return textOf(s);
      }
    }),
  );
}
