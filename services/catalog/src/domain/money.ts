/** Money is integer paise inside; the API speaks rupees (with up to 2 decimals), as the spec's screens do. */
export const toPaise = (rupees: number) => Math.round(rupees * 100);
export const toRupees = (paise: number) => paise / 100;
