import type { ReactNode } from 'react';

/**
 * What a screen shows while it has nothing yet (a new account, no store connected): what will be
 * here and what to do next, never a pretend control.
 */
export function EmptyState({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="empty-state card">
      <svg
        className="empty-state-icon"
        viewBox="0 0 24 24"
        width="40"
        height="40"
        aria-hidden="true"
      >
        <path
          d="M4 7.5 12 3l8 4.5v9L12 21l-8-4.5z M4 7.5l8 4.5 8-4.5 M12 12v9"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
      </svg>
      <h2 className="empty-state-title">{title}</h2>
      <div className="empty-state-body">{children}</div>
      {actions !== undefined && <div className="empty-state-actions">{actions}</div>}
    </section>
  );
}
