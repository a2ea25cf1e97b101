export { adminBffService } from './service.js';
