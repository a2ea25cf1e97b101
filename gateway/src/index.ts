export { type AllInOne, type AllInOneOptions, startAllInOne } from './all-in-one.js';
export { createGatewayApp, type GatewayOptions } from './gateway-app.js';
export { ownerOf } from './routes.js';
