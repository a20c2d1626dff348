import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { contactFieldLimits as schemaFieldLimits } from '../../../../shared/schemas/contact.ts';
import { useApiErrorText } from '../../../components/use-api-error-text.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { isSupportedLanguage } from '../../../lib/detect-language.ts';
import { reportError } from '../../../lib/error-reporting.ts';
import { fetchFormToken, sendContactMessage } from '../api/contact-api.ts';

const fields = ['name', 'email', 'subject', 'message'] as const;
type Field = (typeof fields)[number];
type Values = Record<Field, string>;

type Problem = { field: Field; message: string } | { field: null; message: string };

/**
 * The API's length limits (shared/schemas/contact.ts). Importing them at run time would bring zod,
 * which that module builds its schemas with, into this screen's code (about 20 KB gzip); typed
 * against the shared constant's literal types instead, they cannot drift from it without the type
 * check failing.
 */
const contactFieldLimits = {
  name: { min: 1, max: 100 },
  email: { max: 320 },
  subject: { min: 1, max: 150 },
  message: { min: 10, max: 5000 },
} as const satisfies typeof schemaFieldLimits;

/** The limits the texts quote. */
const limits = {
  nameMax: contactFieldLimits.name.max,
  subjectMax: contactFieldLimits.subject.max,
  messageMin: contactFieldLimits.message.min,
  messageMax: contactFieldLimits.message.max,
};

function isField(value: string): value is Field {
  return (fields as readonly string[]).includes(value);
}

/**
 * The contact form: the message is stored by the API first, then mailed to the team by a job, so a
 * mail failure loses nothing. Spam is kept out without a third-party CAPTCHA: a honeypot field
 * people never see, a signed time stamp fetched when the form is shown (sent too fast or hours
 * later: refused), rate limits and length limits. Whatever goes wrong, the typed text stays.
 */
export function ContactForm({ name, email }: { name: string; email: string }) {
  const { t, i18n } = useTranslation('app');
  const errorText = useApiErrorText();
  const baseId = useId();
  const idOf = (field: Field | 'website' | 'error' | 'form-error' | 'sent') => `${baseId}-${field}`;
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const [values, setValues] = useState<Values>({ name, email, subject: '', message: '' });
  const [website, setWebsite] = useState('');
  const [token, setToken] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  /** A fresh token; a failure is told when the user sends, where they can act on it. */
  async function renewToken(): Promise<string | null> {
    setToken(null);
    try {
      const fresh = await fetchFormToken();
      setToken(fresh);
      return fresh;
    } catch (error) {
      if (!(error instanceof ApiError)) reportError(error);
      return null;
    }
  }

  useEffect(() => {
    let current = true;
    fetchFormToken().then(
      (fresh) => {
        if (current) setToken(fresh);
      },
      (error: unknown) => {
        if (!(error instanceof ApiError)) reportError(error);
      },
    );
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    if (sent) sentHeading.current?.focus();
  }, [sent]);

  useEffect(() => {
    if (problem?.field) inputs.current[problem.field]?.focus();
  }, [problem]);

  function problemOf(error: unknown): Problem {
    const code = error instanceof ApiError ? error.code : 'internal_error';
    const invalidField = code.startsWith('invalid_') ? code.slice('invalid_'.length) : '';
    if (isField(invalidField)) {
      return { field: invalidField, message: t(`contact.errors.invalid.${invalidField}`, limits) };
    }
    switch (code) {
      case 'form_submitted_too_fast':
        return { field: null, message: t('contact.errors.tooFast') };
      case 'rate_limited':
        return { field: null, message: t('contact.errors.rateLimited') };
      case 'payload_too_large':
        return { field: null, message: t('contact.errors.tooLarge') };
      default:
        return { field: null, message: errorText(code, t('contact.errors.failed')) };
    }
  }

  async function send() {
    setProblem(null);
    // Without a token (it failed to load, or the last one was refused), a new one is fetched and
    // the user sends again: sending at once would only be refused as too fast.
    if (token === null) {
      const fresh = await renewToken();
      setProblem({
        field: null,
        message: fresh === null ? t('contact.errors.notReady') : t('contact.errors.renewed'),
      });
      return;
    }
    const language = isSupportedLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
    setSending(true);
    try {
      await sendContactMessage({ ...values, language, formToken: token, website });
      setSent(true);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 'internal_error';
      if (code === 'form_expired' || code === 'form_token_invalid') {
        const fresh = await renewToken();
        setProblem({
          field: null,
          message: fresh === null ? t('contact.errors.notReady') : t('contact.errors.expired'),
        });
      } else {
        if (!(error instanceof ApiError)) reportError(error);
        setProblem(problemOf(error));
      }
    } finally {
      setSending(false);
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!sending) void send();
  }

  function writeAnother() {
    setValues((previous) => ({ ...previous, subject: '', message: '' }));
    setProblem(null);
    setSent(false);
    void renewToken();
  }

  if (sent) {
    return (
      <section className="card contact-sent" aria-labelledby={idOf('sent')}>
        {/* Focused when it appears, so that a screen reader reads the confirmation at once. */}
        <h2 id={idOf('sent')} ref={sentHeading} tabIndex={-1}>
          {t('contact.sent.title')}
        </h2>
        <p>{t('contact.sent.text', { email: values.email })}</p>
        <div className="button-row">
          <button type="button" className="button button-secondary" onClick={writeAnother}>
            {t('contact.sent.another')}
          </button>
        </div>
      </section>
    );
  }

  /** The attributes that tie a field to its hint and, when it is the one refused, its error. */
  function describedBy(field: Field, hint?: string) {
    const ids = [hint, problem?.field === field ? idOf('error') : undefined].filter(Boolean);
    return {
      'aria-invalid': problem?.field === field || undefined,
      'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
    };
  }

  const fieldError = (field: Field) =>
    problem?.field === field ? (
      <p id={idOf('error')} className="form-error" role="alert">
        {problem.message}
      </p>
    ) : null;

  const messageLength = values.message.length;
  const update = (field: Field) => (value: string) =>
    setValues((previous) => ({ ...previous, [field]: value }));

  return (
    <form className="card contact-form" noValidate onSubmit={handleSubmit}>
      <div className="form-field">
        <label htmlFor={idOf('name')}>{t('contact.fields.name')}</label>
        <input
          ref={(element) => {
            inputs.current.name = element;
          }}
          id={idOf('name')}
          name="name"
          type="text"
          autoComplete="name"
          required
          maxLength={contactFieldLimits.name.max}
          value={values.name}
          onChange={(event) => update('name')(event.target.value)}
          {...describedBy('name')}
        />
        {fieldError('name')}
      </div>
      <div className="form-field">
        <label htmlFor={idOf('email')}>{t('contact.fields.email')}</label>
        <input
          ref={(element) => {
            inputs.current.email = element;
          }}
          id={idOf('email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={contactFieldLimits.email.max}
          value={values.email}
          onChange={(event) => update('email')(event.target.value)}
          {...describedBy('email', `${idOf('email')}-hint`)}
        />
        <p id={`${idOf('email')}-hint`} className="form-hint">
          {t('contact.hints.email')}
        </p>
        {fieldError('email')}
      </div>
      <div className="form-field">
        <label htmlFor={idOf('subject')}>{t('contact.fields.subject')}</label>
        <input
          ref={(element) => {
            inputs.current.subject = element;
          }}
          id={idOf('subject')}
          name="subject"
          type="text"
          required
          maxLength={contactFieldLimits.subject.max}
          value={values.subject}
          onChange={(event) => update('subject')(event.target.value)}
          {...describedBy('subject', `${idOf('subject')}-hint`)}
        />
        <p id={`${idOf('subject')}-hint`} className="form-hint">
          {t('contact.hints.subject', limits)}
        </p>
        {fieldError('subject')}
      </div>
      <div className="form-field">
        <label htmlFor={idOf('message')}>{t('contact.fields.message')}</label>
        <textarea
          ref={(element) => {
            inputs.current.message = element;
          }}
          id={idOf('message')}
          name="message"
          required
          rows={8}
          maxLength={contactFieldLimits.message.max}
          value={values.message}
          onChange={(event) => update('message')(event.target.value)}
          {...describedBy('message', `${idOf('message')}-hint`)}
        />
        <p id={`${idOf('message')}-hint`} className="form-hint">
          {t('contact.hints.message', limits)}{' '}
          <span className="contact-counter">
            {t('contact.hints.counter', { length: messageLength, max: limits.messageMax })}
          </span>
        </p>
        {fieldError('message')}
      </div>
      {/* The honeypot: off-screen and out of the accessibility tree and the tab order, so only a
          bot that fills every field it finds puts something in it. */}
      <div className="contact-honeypot" aria-hidden="true">
        <label htmlFor={idOf('website')}>{t('contact.fields.website')}</label>
        <input
          id={idOf('website')}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(event) => setWebsite(event.target.value)}
        />
      </div>
      {problem !== null && problem.field === null && (
        <p id={idOf('form-error')} className="form-error" role="alert">
          {problem.message}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button" disabled={sending}>
          {sending ? t('contact.sending') : t('contact.send')}
        </button>
      </div>
    </form>
  );
}
