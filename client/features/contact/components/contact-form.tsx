import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { contactFieldLimits } from '#shared/schemas/contact.ts';
import { FormField } from '#client/components/form-field.tsx';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import { ApiError } from '#client/lib/api-error.ts';
import { isSupportedLanguage } from '#client/lib/detect-language.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { useContactFormToken, useSendContactMessage } from '../api/contact-queries.ts';

const fields = ['name', 'email', 'store', 'subject', 'message'] as const;
type Field = (typeof fields)[number];
type Values = Record<Field, string>;

type Problem = { field: Field; message: string } | { field: null; message: string };

/** The limits the texts quote: the API's own (shared/schemas/contact.ts). */
const limits = {
  nameMax: contactFieldLimits.name.max,
  subjectMax: contactFieldLimits.subject.max,
  storeMax: contactFieldLimits.store.max,
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
export function ContactForm({ uid, name, email }: { uid: string; name: string; email: string }) {
  const { t, i18n } = useTranslation('contact');
  const errorText = useApiErrorText();
  const baseId = useId();
  const idOf = (part: 'website' | 'form-error' | 'sent') => `${baseId}-${part}`;
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const [values, setValues] = useState<Values>({
    name,
    email,
    store: '',
    subject: '',
    message: '',
  });
  const [website, setWebsite] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const tokenQuery = useContactFormToken(uid);
  const sendMessage = useSendContactMessage();
  const sent = sendMessage.isSuccess;
  // A token being renewed is no token yet: sending with the old one would only be refused.
  const token = tokenQuery.isSuccess && !tokenQuery.isFetching ? tokenQuery.data : null;
  const sending = sendMessage.isPending || tokenQuery.isRefetching;

  /** A fresh token; a failure is told when the user sends, where they can act on it. */
  async function renewToken(): Promise<string | null> {
    const renewed = await tokenQuery.refetch();
    return renewed.isSuccess ? renewed.data : null;
  }

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
    try {
      // The store is optional: left out when the field is empty.
      const { store, ...required } = values;
      await sendMessage.mutateAsync({
        ...required,
        ...(store.trim() !== '' && { store: store.trim() }),
        language,
        formToken: token,
        website,
      });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 'internal_error';
      if (code === 'form_expired' || code === 'form_token_invalid') {
        const fresh = await renewToken();
        setProblem({
          field: null,
          message: fresh === null ? t('contact.errors.notReady') : t('contact.errors.expired'),
        });
      } else {
        setProblem(problemOf(error));
      }
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!sending) void send();
  }

  function writeAnother() {
    setValues((previous) => ({ ...previous, subject: '', message: '' }));
    setProblem(null);
    sendMessage.reset();
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

  const fieldError = (field: Field) => (problem?.field === field ? problem.message : undefined);
  const messageLength = values.message.length;
  const update = (field: Field) => (value: string) =>
    setValues((previous) => ({ ...previous, [field]: value }));
  const refOf = (field: Field) => (element: HTMLInputElement | HTMLTextAreaElement | null) => {
    inputs.current[field] = element;
  };

  return (
    <form className="card contact-form" noValidate onSubmit={handleSubmit}>
      <FormField label={t('contact.fields.name')} required error={fieldError('name')}>
        {(control) => (
          <input
            {...control}
            ref={refOf('name')}
            name="name"
            type="text"
            autoComplete="name"
            maxLength={contactFieldLimits.name.max}
            value={values.name}
            onChange={(event) => update('name')(event.target.value)}
          />
        )}
      </FormField>
      <FormField
        label={t('contact.fields.email')}
        required
        hint={t('contact.hints.email')}
        error={fieldError('email')}
      >
        {(control) => (
          <input
            {...control}
            ref={refOf('email')}
            name="email"
            type="email"
            autoComplete="email"
            maxLength={contactFieldLimits.email.max}
            value={values.email}
            onChange={(event) => update('email')(event.target.value)}
          />
        )}
      </FormField>
      <FormField
        label={t('contact.fields.store')}
        hint={t('contact.hints.store')}
        error={fieldError('store')}
      >
        {(control) => (
          <input
            {...control}
            ref={refOf('store')}
            name="store"
            type="text"
            maxLength={contactFieldLimits.store.max}
            value={values.store}
            onChange={(event) => update('store')(event.target.value)}
          />
        )}
      </FormField>
      <FormField
        label={t('contact.fields.subject')}
        required
        hint={t('contact.hints.subject', limits)}
        error={fieldError('subject')}
      >
        {(control) => (
          <input
            {...control}
            ref={refOf('subject')}
            name="subject"
            type="text"
            maxLength={contactFieldLimits.subject.max}
            value={values.subject}
            onChange={(event) => update('subject')(event.target.value)}
          />
        )}
      </FormField>
      <FormField
        label={t('contact.fields.message')}
        required
        hint={
          <>
            {t('contact.hints.message', limits)}{' '}
            <span className="contact-counter">
              {t('contact.hints.counter', { length: messageLength, max: limits.messageMax })}
            </span>
          </>
        }
        error={fieldError('message')}
      >
        {(control) => (
          <textarea
            {...control}
            ref={refOf('message')}
            name="message"
            rows={8}
            maxLength={contactFieldLimits.message.max}
            value={values.message}
            onChange={(event) => update('message')(event.target.value)}
          />
        )}
      </FormField>
      {/* The honeypot: off-screen and out of the accessibility tree and the tab order, so only a
          bot that fills every field it finds puts something in it. It is no field for people,
          hence not a FormField: nothing may describe it or mark it invalid. */}
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
