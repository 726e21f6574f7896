// The baseline for `npm run bench:api`: a bare Express 5 handler answering each benchmarked
// path with the exact bytes the real server gave (read from the JSON file named in argv[2]).
import fs from 'node:fs';
import express from 'express';

interface Captured {
  path: string;
  status: number;
  contentType: string;
  body: string;
}

const captured = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as Captured[];
const port = Number(process.argv[3]);
const app = express();
app.disable('x-powered-by');
for (const c of captured) {
  const body = Buffer.from(c.body, 'base64');
  app.get(c.path, (_req, res) => {
    res.status(c.status).type(c.contentType).send(body);
  });
}
const server = app.listen(port, '127.0.0.1', () => console.log(`bare listening on ${port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
