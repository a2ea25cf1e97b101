/**
 * Where `npm run dev` serves each app. The API (the gateway in front of every service) is the product as started by
 * `npm start`; another port can be given with DEV_API_ORIGIN.
 */
export const DEV_PORTS = { shell: 3100, shop: 3101, admin: 3102 } as const;

// 127.0.0.1 rather than localhost: Node resolves localhost to ::1 first, where an IPv4-only server is not found.
export const DEV_API_ORIGIN = process.env.DEV_API_ORIGIN ?? 'http://127.0.0.1:3000';
