import type { ReactNode } from 'react';
import { contactEmail } from '../contact-email.ts';

/** The mail link that <Trans> wraps around `<email>…</email>` in the page texts. */
export function ContactEmailLink({ children }: { children?: ReactNode }) {
  return <a href={`mailto:${contactEmail}`}>{children}</a>;
}
