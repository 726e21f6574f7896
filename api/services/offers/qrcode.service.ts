// The QR code of the app download page, shown on the landing's last step when the visitor's
// device is unknown (a desktop): the visitor scans it with a phone.
import QRCode from 'qrcode';

export const QR_WIDTH = 300;

// One image per address; the addresses come from settings, so this stays tiny.
const cache = new Map<string, Promise<Buffer>>();

/** A PNG QR code encoding url (medium error correction, 2-module quiet zone, 300 px wide). */
export function qrPng(url: string): Promise<Buffer> {
  let png = cache.get(url);
  if (!png) {
    png = QRCode.toBuffer(url, { type: 'png', width: QR_WIDTH, margin: 2, errorCorrectionLevel: 'M' });
    png.catch(() => cache.delete(url));
    cache.set(url, png);
  }
  return png;
}
