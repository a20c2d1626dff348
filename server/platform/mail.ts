import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import type { Config } from '#server/config.ts';

/**
 * One mail the server sends: plain text (a contact message to the product's inbox), with an HTML
 * alternative and headers of its own when it has them (the weekly summary's List-Unsubscribe).
 */
export interface OutgoingMail {
  /**
   * A stable id of what is mailed: it makes the Message-ID, so a mail sent twice (a retry after a
   * send whose success was not recorded) is recognised as the same message by the receiving client.
   */
  id: string;
  to: string;
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  /** The HTML part, sent beside the text as multipart/alternative. */
  html?: string;
  /** Headers added as given (values already valid header text). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Resolves once the SMTP server (or, locally, the disk) has accepted the mail. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Beyond these, a send fails and is retried, rather than holding its job until the job expires. */
const smtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * SMTP through nodemailer when SMTP_URL is set. Local mode without it writes each mail to
 * `<DATA_DIR>/mail/<time>-<id>.eml` (open it in any mail client) and prints one line, since nothing
 * may leave a developer's machine.
 */
export function createMailer(
  config: Pick<Config, 'mail'> & ({ mode: 'production' } | { mode: 'local'; dataDir: string }),
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Mailer {
  const { smtpUrl, from } = config.mail;
  if (smtpUrl !== undefined) return smtpMailer(smtpUrl, from);
  if (config.mode === 'local') return fileMailer(path.join(config.dataDir, 'mail'), from, print);
  throw new Error('SMTP_URL is required to send mail in production');
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    ...parseConnectionUrl(smtpUrl),
    ...smtpTimeouts,
    // Whatever the URL's query says: nodemailer's logs would carry the SMTP dialogue, AUTH included.
    logger: false,
    debug: false,
  });
  return {
    async send(mail) {
      await transport.sendMail(messageOf(mail, from));
    },
    close: () => transport.close(),
  };
}

function fileMailer(directory: string, from: string, print: (line: string) => void): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      const { message } = await transport.sendMail(messageOf(mail, from));
      await fs.mkdir(directory, { recursive: true });
      // Colons are not allowed in Windows file names.
      const time = new Date().toISOString().replaceAll(':', '-');
      const file = path.join(directory, `${time}-${mail.id}.eml`);
      await fs.writeFile(file, message);
      print(`Mail to ${mail.to}: ${mail.subject} (${file})`);
    },
    close: () => transport.close(),
  };
}

function messageOf(mail: OutgoingMail, from: string) {
  return {
    from,
    to: mail.to,
    ...(mail.replyTo !== undefined && { replyTo: mail.replyTo }),
    subject: mail.subject,
    text: mail.text,
    ...(mail.html !== undefined && { html: mail.html }),
    ...(mail.headers !== undefined && { headers: mail.headers }),
    messageId: `<${mail.id}@${domainOf(from)}>`,
  };
}

/** The domain of the From address, which is the one a Message-ID should name. */
function domainOf(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1).trim() || 'localhost';
}
