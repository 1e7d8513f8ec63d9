import type { ComponentType, ReactNode } from 'react';
import { CrudPage } from './CrudPage';
import { prefetchCrudPage } from './prefetch';
import { resourceNamed, resourceOfScreen } from './registry';

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

/** Starts the first calls of a screen's generic page before it shows (see prefetchCrudPage). */
export function prefetchScreen(code: string): void {
  const resource = resourceOfScreen(code);
  if (resource) prefetchCrudPage(resource);
}

export interface ScreenPageProps {
  code: string;
  fallback: ReactNode;
}

/**
 * The generic page of the resource a menu screen lists (found by the screen's code), so a simple
 * resource needs no page line; `fallback` when no single declaration has that code.
 */
export function ScreenPage({ code, fallback }: ScreenPageProps) {
  const resource = resourceOfScreen(code);
  if (!resource) return <>{fallback}</>;
  const Page = resourcePage(resource.name);
  return <Page />;
}
