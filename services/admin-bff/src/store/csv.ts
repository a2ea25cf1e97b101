/** The Users CSV's 15 columns. */
export const USER_CSV_COLUMNS = [
  'First Name',
  'Last Name',
  'Email',
  'Mobile',
  'Gender',
  'Date of Birth',
  'Age',
  'Profession',
  'Subscription Type',
  'GST',
  'Pincode',
  'Shipping Address',
  'Billing Address',
  'Need List',
  'Greed List',
] as const;
