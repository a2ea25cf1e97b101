import { API, CONTACT_OPTIONS, COPY, contactRequestSchema } from '@elts/contracts';
import { ApiError, Button, CheckIcon, callOperation, cx, Select, TextArea, TextInput } from '@elts/ui';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { CONTACT_FIELDS, type ContactErrors, type ContactField, contactErrorsFrom } from './contact-errors.js';

type Values = Record<ContactField, string>;
const EMPTY: Values = { firstName: '', lastName: '', email: '', phone: '', option: '', message: '' };

type Outcome = 'idle' | 'sending' | 'sent' | 'failed';

/** The contact form (spec section 5): six required fields, checked with the API's own schema before sending. */
export function ContactForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const form = useRef<HTMLFormElement>(null);

  const focusFirstError = (found: ContactErrors) => {
    const first = CONTACT_FIELDS.find((field) => found[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = contactRequestSchema.safeParse(values);
    if (!parsed.success) {
      const found = contactErrorsFrom(parsed.error.issues);
      setErrors(found);
      setOutcome('idle');
      focusFirstError(found);
      return;
    }
    setErrors({});
    setOutcome('sending');
    try {
      await callOperation(API.contact, { body: parsed.data });
      setValues(EMPTY);
      setOutcome('sent');
    } catch (error) {
      const found = error instanceof ApiError ? contactErrorsFrom(error.issues) : {};
      setErrors(found);
      setOutcome('failed');
      focusFirstError(found);
    }
  };

  const field = (name: ContactField) => ({
    name,
    value: values[name],
    error: errors[name],
    required: true,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      if (outcome === 'sent') setOutcome('idle');
    },
  });

  return (
    <form ref={form} noValidate onSubmit={submit} className="grid gap-5 sm:grid-cols-2" aria-describedby="contact-required">
      <p id="contact-required" className="text-sm text-ink-600 sm:col-span-2">
        All fields are required.
      </p>
      <TextInput label="First name" autoComplete="given-name" {...field('firstName')} />
      <TextInput label="Last name" autoComplete="family-name" {...field('lastName')} />
      <TextInput label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextInput label="Phone" type="tel" autoComplete="tel" inputMode="tel" placeholder="+91 98765 43210" {...field('phone')} />
      <Select label="I'm writing about" placeholder="Choose one" options={CONTACT_OPTIONS} className="sm:col-span-2" {...field('option')} />
      <TextArea label="Message" className="sm:col-span-2" {...field('message')} />
      <div className="flex flex-col gap-4 sm:col-span-2 sm:flex-row sm:items-center">
        <Button type="submit" size="lg" busy={outcome === 'sending'}>
          Send message
        </Button>
        <div aria-live="polite" className="flex-1">
          {outcome === 'sent' && <Outcome tone="success">{COPY.contact.success}</Outcome>}
        </div>
      </div>
      {outcome === 'failed' && (
        <div role="alert" className="sm:col-span-2">
          <Outcome tone="error">{COPY.contact.failure}</Outcome>
        </div>
      )}
    </form>
  );
}

function Outcome({ tone, children }: { tone: 'success' | 'error'; children: string }) {
  return (
    <p
      className={cx(
        'flex items-center gap-2 rounded-2xl px-4 py-3 text-sm font-semibold',
        tone === 'success' ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-800',
      )}
    >
      {tone === 'success' && <CheckIcon className="shrink-0 text-base" />}
      {children}
    </p>
  );
}
