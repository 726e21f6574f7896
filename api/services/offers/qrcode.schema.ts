// GET /apis/qrcode?redirect=true|false (docs/decisions/023-qrcode-redirect.md).
import * as z from 'zod/mini';

export const qrcodeQuerySchema = z.object({
  redirect: z.pipe(
    z.transform((v: unknown) => (v === undefined ? 'false' : typeof v === 'string' ? v.toLowerCase() : v)),
    z.pipe(
      z.enum(['true', '1', 'false', '0'], 'validation_error'),
      z.transform((v) => v === 'true' || v === '1'),
    ),
  ),
});
export type QrcodeQuery = z.output<typeof qrcodeQuerySchema>;
