/** What a courier or a directory knows of a pincode. */
export interface PincodePlace {
  pincodeDescription: string;
  cityDescription: string;
  /** The official state or union territory name. */
  state: string;
  /** The courier delivers prepaid parcels there. */
  deliverable: boolean;
}

/** The port both adapters implement: Blue Dart's API, and the offline directory of Indian pincodes. */
export interface PincodeDirectory {
  readonly name: string;
  /** Undefined when the pincode does not exist. Throws when the source cannot be reached. */
  lookup(pincode: string): Promise<PincodePlace | undefined>;
}
