import { COPY } from '@elts/contracts';
import { ApiError } from '@elts/ui';
import { describe, expect, it } from 'vitest';
import { emailChangeNotice, personalDetailsComplete, personalDetailsFrom } from '../src/onboarding/personal-details.js';
import { STEP_SAVE_WORDS } from '../src/onboarding/save-step.js';
import { pincodeInput, shippingSkipBody, shippingSubmitBody } from '../src/onboarding/shipping.js';

describe('step 01 prefill', () => {
  it('takes the first word of the stored first name, and the second word when there is no last name', () => {
    expect(personalDetailsFrom({ firstname: 'Asha Devi', lastname: '' })).toMatchObject({ firstname: 'Asha', lastname: 'Devi' });
    expect(personalDetailsFrom({ firstname: 'Asha Devi', lastname: 'Rao' })).toMatchObject({ firstname: 'Asha', lastname: 'Rao' });
    expect(personalDetailsFrom({ firstname: 'Asha', lastname: '' })).toMatchObject({ firstname: 'Asha', lastname: '' });
  });

  it('fills every field from the profile, and starts empty without one', () => {
    expect(
      personalDetailsFrom({
        firstname: 'Asha',
        lastname: 'Rao',
        gender: 'female',
        dob: '1994-03-12',
        mobile: '9876543210',
        email: 'a@x.in',
      }),
    ).toEqual({ gender: 'female', dob: '1994-03-12', firstname: 'Asha', lastname: 'Rao', mobile: '9876543210', email: 'a@x.in' });
    expect(personalDetailsFrom(undefined)).toEqual({ gender: '', dob: '', firstname: '', lastname: '', mobile: '', email: '' });
  });

  it('needs all six fields, blanks counting as empty', () => {
    const full = { gender: 'male', dob: '1990-01-01', firstname: 'A', lastname: 'B', mobile: '9876543210', email: 'a@x.in' } as const;
    expect(personalDetailsComplete(full)).toBe(true);
    for (const field of Object.keys(full)) expect(personalDetailsComplete({ ...full, [field]: '  ' })).toBe(false);
  });
});

describe("a step's save", () => {
  it("says nothing when saved, the server's sentence for a refused body, and the spec's words otherwise", () => {
    expect(STEP_SAVE_WORDS.saved).toBeUndefined();
    const refusal = 'Mobile must be a 10-digit Indian mobile number';
    expect(STEP_SAVE_WORDS.failed(new ApiError(refusal, 400))).toBe(refusal);
    expect(STEP_SAVE_WORDS.failed(new ApiError('Request failed (502)', 502))).toBe('Error updating profile.');
    expect(STEP_SAVE_WORDS.failed(new TypeError('fetch failed'))).toBe('Error updating profile.');
  });
});

describe('step 04 shipping', () => {
  const form = { pincode: '403001', sameAddress: true, billingAddress: '12 MG Road', shippingAddress: '' };

  it('keeps the pincode to six digits', () => {
    expect(pincodeInput('40a30012')).toBe('403001');
  });

  it('submits the billing address as the shipping address when they are the same, the pincode as a number', () => {
    expect(shippingSubmitBody(form)).toEqual({ address: '12 MG Road', pincode: 403001, professionAddress: '12 MG Road' });
  });

  it('needs a shipping address only when it differs', () => {
    expect(shippingSubmitBody({ ...form, sameAddress: false })).toBeUndefined();
    expect(shippingSubmitBody({ ...form, sameAddress: false, shippingAddress: '4 Beach Rd' })).toEqual({
      address: '4 Beach Rd',
      pincode: 403001,
      professionAddress: '12 MG Road',
    });
  });

  it('needs the pincode and the billing address', () => {
    expect(shippingSubmitBody({ ...form, pincode: '' })).toBeUndefined();
    expect(shippingSubmitBody({ ...form, billingAddress: ' ' })).toBeUndefined();
  });

  it('skips with the pincode alone, which it needs', () => {
    expect(shippingSkipBody({ ...form, billingAddress: '' })).toEqual({ pincode: 403001 });
    expect(shippingSkipBody({ ...form, pincode: '' })).toBeUndefined();
  });
});

describe('step 01 email change', () => {
  const saved = { email: 'asha@example.in', pendingEmail: null };

  it('tells the member a link was sent when the saved profile has the typed address waiting', () => {
    expect(emailChangeNotice(' Asha.New@Example.in ', { ...saved, pendingEmail: 'asha.new@example.in' })).toBe(
      COPY.emailChange.linkSent('asha.new@example.in'),
    );
  });

  it('says nothing when the address is unchanged or nothing waits', () => {
    expect(emailChangeNotice('ASHA@example.in', saved)).toBeUndefined();
    expect(emailChangeNotice('asha.new@example.in', saved)).toBeUndefined();
    expect(emailChangeNotice('asha.new@example.in', undefined)).toBeUndefined();
    expect(emailChangeNotice('asha@example.in', { ...saved, pendingEmail: 'other@example.in' })).toBeUndefined();
  });
});
