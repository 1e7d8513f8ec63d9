import type { ResourceDef } from '@blade/schema';
import type { Params } from '../../api/http';
import type { CustomInput, CustomInputProps } from '../../crud/FormDialog';
import type { Row } from '../../crud/fields';
import { RemoteSelect } from '../../crud/RemoteSelect';
import { resourceNamed } from '../../crud/registry';

/** How a large table is picked from: what is searched, what may be chosen, how a row reads. */
export interface RemotePick {
  searchField: string;
  filter: Params;
  labelOf: (row: Row) => string;
}

/**
 * The tables too large to load whole into a picker (thousands of members and products), searched
 * on the server instead; the others stay ordinary selects.
 */
export const REMOTE_PICKS = {
  mallUser: {
    searchField: 'nickname',
    // Active accounts only: a disabled or locked member places no order and joins nothing.
    filter: { status: 1 },
    labelOf: (row) => [row.nickname, row.phone].filter(Boolean).map(String).join(' · ') || String(row.id),
  },
  product: {
    searchField: 'name',
    filter: { status: 1 },
    labelOf: (row) => String(row.name ?? row.id),
  },
} satisfies Record<string, RemotePick>;

/** A form input picking one row of `target` by server search (its id ties it to its label). */
function remoteInput(target: ResourceDef, pick: RemotePick): CustomInput {
  return function RemoteInput({ id, value, onChange, disabled }: CustomInputProps) {
    return (
      <RemoteSelect
        resource={target}
        {...pick}
        id={id}
        value={value === undefined || value === null || value === '' ? undefined : String(value)}
        disabled={disabled}
        onChange={(chosen) => onChange?.(chosen)}
      />
    );
  };
}

/** The form inputs of a resource's fields that point at a large table. */
export function remoteInputs(resource: ResourceDef): Record<string, CustomInput> {
  const out: Record<string, CustomInput> = {};
  for (const field of resource.fields) {
    const picks: Record<string, RemotePick | undefined> = REMOTE_PICKS;
    const pick = field.type === 'ref' && field.ref ? picks[field.ref] : undefined;
    if (pick && field.ref) out[field.name] = remoteInput(resourceNamed(field.ref), pick);
  }
  return out;
}
