// Deadlock retries now live in models/index.ts transaction(), which every write uses; this name
// stays for the services that import it.
export { transaction as retryingTransaction } from '../../../models/index.js';
