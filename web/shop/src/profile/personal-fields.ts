import { addDays, GENDERS, type Gender, todayInIndia } from '@elts/contracts';
import type { DayRange } from '@elts/ui';

/**
 * The birthday box (issue 34): a dd/mm/yyyy text box like every other date of the product, because a native date
 * input follows the browser's locale (mm/dd/yyyy in English (US)). It takes a day from 1900 to yesterday; the age
 * rules (at least 13, at most 120) are the server's, said under the box when it refuses.
 */
export const birthdayRange = (): DayRange => ({ earliest: '1900-01-01', latest: addDays(todayInIndia(), -1) });

export const BIRTHDAY_HINT = 'As dd/mm/yyyy, for example 02/04/1994';

export const GENDER_LABELS: Record<Gender, string> = { male: 'Male', female: 'Female', others: 'Others' };
export const GENDER_OPTIONS = GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] }));
