/**
 * The spec's user-facing words that both servers and screens use. Screens import them rather than retyping, so a
 * change of wording happens in one place.
 */
export const COPY = {
  contact: {
    success: 'Thank you for contacting us! We will get back to you soon.',
    failure: 'There was an error submitting your message. Please try again.',
  },
} as const;
