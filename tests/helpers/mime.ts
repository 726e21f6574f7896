// Reads a received mail (tests/helpers/smtp.ts) into its subject and parts: enough MIME for what
// our mailer sends (one text part, or multipart/mixed with attachments; quoted-printable or base64).

export interface MimePart {
  contentType: string;
  filename: string | null;
  /** The decoded body (UTF-8). */
  body: string;
}

export interface ParsedMail {
  subject: string;
  /** The text part, line ends as \n. */
  text: string;
  attachments: MimePart[];
}

function splitHead(raw: string): { headers: string; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return { headers: raw, body: '' };
  return { headers: raw.slice(0, at).replace(/\r?\n[ \t]+/g, ' '), body: raw.slice(at).replace(/^\r?\n\r?\n/, '') };
}

const header = (headers: string, name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1].trim() ?? '';

function qpBytes(s: string): Buffer {
  const bytes: number[] = [];
  const text = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i], 'utf8'));
  }
  return Buffer.from(bytes);
}

function decode(body: string, encoding: string): string {
  const e = encoding.toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  if (e === 'quoted-printable') return qpBytes(body).toString('utf8');
  return body;
}

function decodeWords(s: string): string {
  return s
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : qpBytes(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function parts(headers: string, body: string): MimePart[] {
  const type = header(headers, 'Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const chunks = body.split(`--${boundary}`).slice(1);
    return chunks
      .filter((c) => !c.startsWith('--'))
      .flatMap((c) => {
        const inner = splitHead(c.replace(/^\r?\n/, ''));
        return parts(inner.headers, inner.body.replace(/\r?\n$/, ''));
      });
  }
  const disposition = header(headers, 'Content-Disposition');
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? /name="?([^";]+)"?/i.exec(type)?.[1] ?? null;
  return [{ contentType: type, filename, body: decode(body, header(headers, 'Content-Transfer-Encoding') || '7bit') }];
}

export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitHead(raw);
  const all = parts(headers, body);
  const text = all.find((p) => /^text\/plain/i.test(p.contentType) && !p.filename);
  return {
    subject: decodeWords(header(headers, 'Subject')),
    text: (text?.body ?? '').replace(/\r\n/g, '\n'),
    attachments: all.filter((p) => p.filename !== null),
  };
}
