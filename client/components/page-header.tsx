import type { ReactNode } from 'react';

/** A screen's heading and, optionally, the sentence that says what the screen is for. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <h1>{title}</h1>
      {children !== undefined && <div className="page-header-intro">{children}</div>}
    </header>
  );
}
