import type { ReactNode } from 'react';

/** A stored file's link, opened in a new tab (the server serves active types as downloads only). */
export function FileLink({ href, children }: { href: unknown; children?: ReactNode }) {
  if (typeof href !== 'string' || href === '') return null;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children ?? href}
    </a>
  );
}
