/** The services of the design card, and the port each listens on when run as its own process. */
export const SERVICES = {
  identity: { port: 4101 },
  catalog: { port: 4102 },
  orders: { port: 4103 },
  payments: { port: 4104 },
  'admin-bff': { port: 4105 },
} as const;

export type ServiceName = keyof typeof SERVICES;
export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];
export const GATEWAY_PORT = 3000;
