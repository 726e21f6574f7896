// A server process killed (kill -9) between an upload's last byte and its check, then started
// again: the answer becomes ready with no request from the client (issue 22, "no stuck upload";
// docs/decisions/230-no-upload-left-behind.md). On SQLite; upload-recovery-process-mariadb.test.ts
// runs the same on MariaDB. The scenario: tests/e2e/helpers/killed-upload.ts.
import { describe, it } from 'vitest';
import { KILLED_UPLOAD_TIMEOUT_MS, killedAtTheCheck } from './helpers/killed-upload.js';

describe('the server process on SQLite', () => {
  it(
    'killed (kill -9) after the last byte and before the check, the next start finishes the upload: the answer becomes ready without the client sending anything',
    () => killedAtTheCheck('sqlite'),
    KILLED_UPLOAD_TIMEOUT_MS,
  );
});
