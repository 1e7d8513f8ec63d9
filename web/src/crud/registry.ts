import { type ResourceDef, resources } from '@blade/schema';

/** A declared resource by name; a page naming an undeclared one is a programming error. */
export function resourceNamed(name: string): ResourceDef {
  const found = resources[name];
  if (!found) throw new Error(`No resource named ${name} is declared`);
  return found;
}
