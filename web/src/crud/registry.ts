import { type FieldDef, type ResourceDef, resources, screenCode, withScreens } from '@blade/schema';

/** A declared resource by name; a page naming an undeclared one is a programming error. */
export function resourceNamed(name: string): ResourceDef {
  const found = resources[name];
  if (!found) throw new Error(`No resource named ${name} is declared`);
  return found;
}

/** A declared field of a resource, for a page's own form that asks for it (labels and rules). */
export function fieldNamed(resource: ResourceDef, name: string): FieldDef {
  const found = resource.fields.find((f) => f.name === name);
  if (!found) throw new Error(`Resource ${resource.name} declares no field ${name}`);
  return found;
}

/** The resource whose declared screen has this menu code (its permission prefix, unless it names another). */
export function resourceOfScreen(code: string): ResourceDef | undefined {
  return withScreens(Object.values(resources)).find((r) => screenCode(r) === code);
}
