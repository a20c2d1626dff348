/** The Vitrine mark and name; the mark is the favicon's, drawn in the accent colour. */
export function Logo() {
  return (
    <span className="logo">
      <svg className="logo-mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="currentColor" />
        <path d="M8 9h4.2L16 20.4 19.8 9H24l-6 15h-4z" fill="var(--color-accent-contrast)" />
      </svg>
      <span className="logo-name">Vitrine</span>
    </span>
  );
}
