export { catalogService } from './service.js';
