import { type ResourceDef, resources, screenCode, withScreens } from '@blade/schema';

/** A declared resource by name; a page naming an undeclared one is a programming error. */
export function resourceNamed(name: string): ResourceDef {
  const found = resources[name];
  if (!found) throw new Error(`No resource named ${name} is declared`);
  return found;
}

/** The resource whose declared screen has this menu code (its permission prefix, unless it names another). */
export function resourceOfScreen(code: string): ResourceDef | undefined {
  return withScreens(Object.values(resources)).find((r) => screenCode(r) === code);
}
