import type { ResourceDef } from '@blade/schema';
import type { ComponentType } from 'react';
import { resourceNamed } from '../../crud/registry';

const made = new Map<string, ComponentType>();

/**
 * One component per kind and resource, made once, so the shell's keep-alive cache and React keep
 * each page's state (the same reason as crud/ResourcePage).
 */
export function namedPage(
  kind: string,
  name: string,
  make: (resource: ResourceDef) => ComponentType,
): ComponentType {
  const key = `${kind}:${name}`;
  const existing = made.get(key);
  if (existing) return existing;
  const Page = make(resourceNamed(name));
  Page.displayName = `${kind}(${name})`;
  made.set(key, Page);
  return Page;
}
