// Outgoing mail. One interface; SMTP through nodemailer when SMTP_URL is set, otherwise each
// message is written as an .eml file under MAIL_DIR (var/mail) so a demo without a mail server
// still shows what was sent (open the file in any mail reader).
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Settings } from '../../config/settings.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (a calendar invitation: text/calendar). */
  attachments?: MailAttachment[];
  /** Extra headers (List-Unsubscribe of invitation messages, RFC 2369 and 8058). */
  headers?: Record<string, string>;
}

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export class SmtpMailer implements Mailer {
  private readonly transport;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(m: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: m.to, subject: m.subject, text: m.text, html: m.html, attachments: m.attachments, headers: m.headers });
  }
}

export class FileMailer implements Mailer {
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  constructor(
    private readonly dir: string,
    private readonly from: string,
  ) {}

  async send(m: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, to: m.to, subject: m.subject, text: m.text, html: m.html, attachments: m.attachments, headers: m.headers });
    await fs.mkdir(this.dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.dir, `${stamp}-${crypto.randomBytes(3).toString('hex')}.eml`);
    await fs.writeFile(file, info.message as Buffer);
  }
}

export function createMailer(settings: Pick<Settings, 'smtpUrl' | 'mailDir' | 'mailFrom'>): Mailer {
  return settings.smtpUrl ? new SmtpMailer(settings.smtpUrl, settings.mailFrom) : new FileMailer(settings.mailDir, settings.mailFrom);
}
