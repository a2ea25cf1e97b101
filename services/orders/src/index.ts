export { ordersService } from './service.js';
