export { CashfreeDriver, CashfreeEmulator, type CashfreeEmulatorOptions, EMULATED_API_VERSION, type WebhookDelivery } from './emulator.js';
