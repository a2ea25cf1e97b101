export { type AllInOne, type AllInOneOptions, startAllInOne } from './all-in-one.js';
export { createGatewayApp, type GatewayOptions } from './gateway-app.js';
export { ownerOf, ROUTE_OWNERS } from './routes.js';
