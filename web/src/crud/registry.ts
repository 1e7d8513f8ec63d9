import { type ResourceDef, resources } from '@blade/schema';

/** A declared resource by name; a page naming an undeclared one is a programming error. */
export function resourceNamed(name: string): ResourceDef {
  const found = resources[name];
  if (!found) throw new Error(`No resource named ${name} is declared`);
  return found;
}

/**
 * The resource a menu screen lists, by the screen's code: the one declaration whose permission
 * prefix it is. Codes several declarations share belong to screens with pages of their own.
 */
export function resourceOfScreen(code: string): ResourceDef | undefined {
  const found = Object.values(resources).filter((r) => r.permission === code);
  return found.length === 1 ? found[0] : undefined;
}
