/** India's 28 states and 8 union territories with their GST state codes (place of supply, invoices, addresses). */
export const INDIAN_STATES = [
  { name: 'Andaman and Nicobar Islands', code: '35', kind: 'union territory' },
  { name: 'Andhra Pradesh', code: '37', kind: 'state' },
  { name: 'Arunachal Pradesh', code: '12', kind: 'state' },
  { name: 'Assam', code: '18', kind: 'state' },
  { name: 'Bihar', code: '10', kind: 'state' },
  { name: 'Chandigarh', code: '04', kind: 'union territory' },
  { name: 'Chhattisgarh', code: '22', kind: 'state' },
  { name: 'Dadra and Nagar Haveli and Daman and Diu', code: '26', kind: 'union territory' },
  { name: 'Delhi', code: '07', kind: 'union territory' },
  { name: 'Goa', code: '30', kind: 'state' },
  { name: 'Gujarat', code: '24', kind: 'state' },
  { name: 'Haryana', code: '06', kind: 'state' },
  { name: 'Himachal Pradesh', code: '02', kind: 'state' },
  { name: 'Jammu and Kashmir', code: '01', kind: 'union territory' },
  { name: 'Jharkhand', code: '20', kind: 'state' },
  { name: 'Karnataka', code: '29', kind: 'state' },
  { name: 'Kerala', code: '32', kind: 'state' },
  { name: 'Ladakh', code: '38', kind: 'union territory' },
  { name: 'Lakshadweep', code: '31', kind: 'union territory' },
  { name: 'Madhya Pradesh', code: '23', kind: 'state' },
  { name: 'Maharashtra', code: '27', kind: 'state' },
  { name: 'Manipur', code: '14', kind: 'state' },
  { name: 'Meghalaya', code: '17', kind: 'state' },
  { name: 'Mizoram', code: '15', kind: 'state' },
  { name: 'Nagaland', code: '13', kind: 'state' },
  { name: 'Odisha', code: '21', kind: 'state' },
  { name: 'Puducherry', code: '34', kind: 'union territory' },
  { name: 'Punjab', code: '03', kind: 'state' },
  { name: 'Rajasthan', code: '08', kind: 'state' },
  { name: 'Sikkim', code: '11', kind: 'state' },
  { name: 'Tamil Nadu', code: '33', kind: 'state' },
  { name: 'Telangana', code: '36', kind: 'state' },
  { name: 'Tripura', code: '16', kind: 'state' },
  { name: 'Uttar Pradesh', code: '09', kind: 'state' },
  { name: 'Uttarakhand', code: '05', kind: 'state' },
  { name: 'West Bengal', code: '19', kind: 'state' },
] as const;

export type IndianStateName = (typeof INDIAN_STATES)[number]['name'];
export const INDIAN_STATE_NAMES: readonly IndianStateName[] = INDIAN_STATES.map((state) => state.name);

const byLowerName = new Map<string, IndianStateName>(INDIAN_STATE_NAMES.map((name) => [name.toLowerCase(), name]));

/** The official name for a state written loosely ("goa", "GOA "), or undefined. */
export function indianStateNamed(input: string): IndianStateName | undefined {
  return byLowerName.get(input.trim().replace(/\s+/g, ' ').replace(/&/g, 'and').toLowerCase());
}

export function gstStateCode(name: IndianStateName): string {
  return INDIAN_STATES.find((state) => state.name === name)!.code;
}

/** Where the product delivers at launch (a setting may change it). */
export const LAUNCH_STATES: readonly IndianStateName[] = ['Goa', 'Karnataka', 'Maharashtra'];

/** `GET /shipping/bluedart/pincode/{pincode}`'s data. */
export interface PincodeServiceability {
  pincodeDescription: string;
  cityDescription: string;
  state: string;
  serviceable: boolean;
}
