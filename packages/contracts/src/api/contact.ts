import { z } from 'zod';

/** The contact form's three options (value and label as the spec lists them). */
export const CONTACT_OPTIONS = [
  { value: 'brand', label: 'Brand Partnerships' },
  { value: 'campus', label: 'Campus Ambassadors' },
  { value: 'query', label: 'Query' },
] as const;

export type ContactOption = (typeof CONTACT_OPTIONS)[number]['value'];

const required = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

/** `POST /user/contact`: all six fields required. */
export const contactRequestSchema = z.strictObject({
  firstName: required('First name', 100),
  lastName: required('Last name', 100),
  email: required('Email', 254).pipe(z.email('Email must be a valid email address')),
  phone: required('Phone', 20).regex(/^[+\d][\d\s-]{6,19}$/, 'Phone must be a valid phone number'),
  option: z.enum(['brand', 'campus', 'query'], { error: 'Option must be one of brand, campus, query' }),
  message: required('Message', 5000),
});

export type ContactRequest = z.output<typeof contactRequestSchema>;
