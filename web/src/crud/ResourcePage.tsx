import type { ComponentType } from 'react';
import { CrudPage } from './CrudPage';
import { resourceNamed } from './registry';

const made = new Map<string, ComponentType>();

/**
 * The page of a resource that needs nothing beyond its declaration; one component per resource, so
 * the shell's keep-alive cache and React keep its state.
 */
export function resourcePage(name: string): ComponentType {
  const existing = made.get(name);
  if (existing) return existing;
  const resource = resourceNamed(name);
  const Page = () => <CrudPage resource={resource} />;
  Page.displayName = `ResourcePage(${name})`;
  made.set(name, Page);
  return Page;
}
