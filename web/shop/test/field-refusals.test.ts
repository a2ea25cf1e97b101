import { ApiError } from '@elts/ui';
import { describe, expect, it } from 'vitest';
import { refusedFields, withoutField } from '../src/api/refusal.js';
import { firstCommaSlot, slotCommaError } from '../src/profile/list-slots.js';

describe("a refused save's field sentences", () => {
  it('come from the envelope’s fields for a 400, and from nothing else', () => {
    const sentence = "This GSTIN's check digit is wrong. Please check it against your GST registration certificate.";
    expect(refusedFields(new ApiError(sentence, 400, [{ path: 'gst', message: sentence }], { gst: sentence }))).toEqual({ gst: sentence });
    // An older server that sent issues only still names the field, by the path's first part.
    expect(
      refusedFields(new ApiError('x', 400, [{ path: 'needList.2', message: 'Use a word or two without commas for each item.' }])),
    ).toEqual({
      needList: 'Use a word or two without commas for each item.',
    });
    expect(refusedFields(new ApiError('Failed', 500, [{ path: 'gst', message: 'no' }]))).toEqual({});
    expect(refusedFields(new TypeError('Failed to fetch'))).toEqual({});
  });

  it('forget one field once it is changed, keeping the others', () => {
    const errors = { gst: 'A', subscriptionType: 'B' };
    expect(withoutField(errors, 'gst')).toEqual({ subscriptionType: 'B' });
    expect(withoutField(errors, 'mobile')).toBe(errors);
  });
});

describe('a list slot with a comma', () => {
  it('says so at the slot, since the comma-separated list would split it in two', () => {
    expect(slotCommaError('Scooter, electric')).toBe('Use a word or two without commas for each item.');
    expect(slotCommaError('Electric scooter')).toBeUndefined();
  });

  it('finds the first such slot across the lists, for the form to hold the save back and go to it', () => {
    expect(
      firstCommaSlot([
        ['Phone', 'Laptop', ''],
        ['Camera', 'Drone, small'],
      ]),
    ).toEqual([1, 1]);
    expect(firstCommaSlot([['Phone'], ['Camera']])).toBeUndefined();
  });
});
