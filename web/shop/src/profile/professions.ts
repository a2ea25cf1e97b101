import { GST_PROFESSIONS, type Persona, type Profession } from '@elts/contracts';

/** The 'I AM' choices, worded as the product's public pages word them (spec section 1). */
export const PROFESSION_LABELS: Record<Profession, string> = {
  student: 'Student',
  professional: 'Working professional',
  startup: 'Startup founder',
  business: 'Business owner',
  institution: 'Institution',
};

/** The 'I WANT TO' cards (spec section 2, onboarding step 02). */
export const PERSONA_CARDS: Record<Persona, string> = {
  Save: 'I want to save money on every product purchase',
  Splurge: 'I spend money lavishly and upgrade my products frequently',
};

/** Only these professions are asked for a GST Number (and the server requires one from them). */
export const needsGst = (profession: string | null | undefined): boolean => GST_PROFESSIONS.includes(profession as Profession);
