import { z } from 'zod';

/** A whole-number query value in a range, refused with one sentence whatever is wrong with it (zod's words quote a schema). */
export const wholeNumber = (label: string, min: number, max: number) => {
  const error = `${label} must be a whole number from ${min.toLocaleString('en-IN')} to ${max.toLocaleString('en-IN')}.`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};
