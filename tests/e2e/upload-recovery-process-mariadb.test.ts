// The same as upload-recovery-process.test.ts on MariaDB (TEST_MYSQL_URL, which CI always sets):
// a server killed (kill -9) between an upload's last byte and its check, then started again; the
// answer becomes ready with no request from the client. The scenario: tests/e2e/helpers/killed-upload.ts.
import { describe, it } from 'vitest';
import { KILLED_UPLOAD_TIMEOUT_MS, killedAtTheCheck } from './helpers/killed-upload.js';

describe('the server process on MariaDB', () => {
  it.skipIf(!process.env.TEST_MYSQL_URL)(
    'killed (kill -9) after the last byte and before the check, the next start finishes the upload: the answer becomes ready without the client sending anything',
    () => killedAtTheCheck('mysql'),
    KILLED_UPLOAD_TIMEOUT_MS,
  );
});
