/**
 * A profile that passes every onboarding step (the four `update-profile` forms at once), for tests that need a
 * member who has finished onboarding without replaying the screens.
 */
export const COMPLETE_PROFILE = {
  gender: 'female',
  dob: '1994-03-12',
  firstname: 'Asha',
  lastname: 'Rao',
  mobile: '9876543210',
  profession: 'professional',
  subscriptionType: 'Save',
  gst: '',
  needList: ['Headphones', 'Running shoes', 'Pressure cooker'],
  greedList: ['Smartwatch'],
  address: '12 MG Road, Panaji',
  professionAddress: '12 MG Road, Panaji',
  pincode: '403001',
} as const;
